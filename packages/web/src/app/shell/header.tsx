import AccountCircle from '@mui/icons-material/AccountCircle';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../../components/logo-mark';
import { ScanButton } from '../../features/scanner/components/scan-button';
import { ScannerHost } from '../../features/scanner/components/scanner-host';
import { openScanner } from '../../features/scanner/scan-store';
import { SearchBox, type SearchMode } from '../../features/search/components/search-box';
import { ShippingAddressButton } from '../../features/shipping-address/components/shipping-address-button';
import { useAuth } from '../../lib/auth-store';
import { INK, SAND_BROWN } from '../theme';
import { LanguageSwitch } from './language-switch';

// Owners and approvers: the count of order requests waiting for them (issue 15), loaded apart.
const ApprovalsBadge = lazy(() => import('../../features/approvals/components/approvals-badge'));

function HeaderAction({
  compact,
  icon,
  label,
  onClick,
  to,
}: {
  compact: boolean;
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  to?: string;
}) {
  const linkProps = to ? { component: RouterLink, to } : {};
  if (compact) {
    return (
      <IconButton color="inherit" aria-label={label} title={label} onClick={onClick} {...linkProps}>
        {icon}
      </IconButton>
    );
  }
  return (
    <Button color="inherit" startIcon={icon} onClick={onClick} {...linkProps} sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </Button>
  );
}

/** The search box, filled from the URL while on /search (a new URL remounts it). */
function HeaderSearch() {
  const location = useLocation();
  const onSearch = location.pathname === '/search';
  const params = new URLSearchParams(location.search);
  const sku = onSearch ? params.get('sku') : null;
  const mode: SearchMode = sku ? 'sku' : 'text';
  const value = (onSearch ? (sku ?? params.get('q')) : null) ?? '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <SearchBox
        key={onSearch ? location.search : 'idle'}
        initialMode={mode}
        initialValue={value}
        onBarcode={(code) => openScanner({ kind: 'code', code })}
      />
      <ScanButton />
      <ScannerHost />
    </Box>
  );
}

export interface HeaderProps {
  onOpenCart: () => void;
  onLogout: () => void;
}

/** Logo, search, language switch and the account actions; collapses below 1280 px (docs/product.md §2). */
export function Header({ onOpenCart, onLogout }: HeaderProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('lg'));
  const auth = useAuth();
  const navigate = useNavigate();
  const appName = t('app.name');

  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: SAND_BROWN,
        color: INK,
        borderBottom: '1px solid rgba(31, 26, 20, 0.15)',
      }}
    >
      <Toolbar
        sx={{
          gap: { xs: 1, sm: 2 },
          flexWrap: mobile ? 'wrap' : 'nowrap',
          py: 1,
          px: { xs: 1.5, md: 3 },
          maxWidth: 2560,
          width: '100%',
          mx: 'auto',
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('app.homeLink', { name: appName })}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexShrink: 0,
            borderRadius: 1,
            color: 'inherit',
            textDecoration: 'none',
          }}
        >
          <LogoMark size={mobile ? 36 : 44} />
          <Box
            component="span"
            sx={{
              fontWeight: 700,
              fontSize: mobile ? '1.05rem' : '1.25rem',
              display: { xs: 'none', sm: 'inline' },
            }}
          >
            {appName}
          </Box>
        </Box>
        {!mobile && (
          <Box sx={{ flex: 1, maxWidth: 760, mx: 'auto' }}>
            <HeaderSearch />
          </Box>
        )}
        {mobile && <Box sx={{ flex: 1 }} />}
        <LanguageSwitch compact={mobile} />
        <Box
          component="nav"
          aria-label={t('header.navLabel')}
          sx={{ display: 'flex', alignItems: 'center', gap: mobile ? 0 : 1 }}
        >
          {auth ? (
            <>
              <HeaderAction
                compact={mobile}
                icon={<AccountCircle />}
                label={t('header.profile')}
                to="/profile"
              />
              {/^(owner|approver)$/.test(auth.claims.companyRole ?? '') && (
                <Suspense fallback={null}>
                  <ApprovalsBadge />
                </Suspense>
              )}
              <ShippingAddressButton compact={mobile} />
              <HeaderAction
                compact={mobile}
                icon={<ShoppingCart />}
                label={t('header.cart')}
                onClick={onOpenCart}
              />
              <HeaderAction
                compact={mobile}
                icon={<Logout />}
                label={t('header.logout')}
                onClick={onLogout}
              />
            </>
          ) : (
            <HeaderAction
              compact={mobile}
              icon={<Login />}
              label={t('header.login')}
              onClick={() => void navigate('/login')}
            />
          )}
        </Box>
        {mobile && (
          <Box sx={{ width: '100%', pb: 0.5 }}>
            <HeaderSearch />
          </Box>
        )}
      </Toolbar>
    </Box>
  );
}
