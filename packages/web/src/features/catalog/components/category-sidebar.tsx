import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useRouteHandle, type RouteName } from '../../../lib/route-handle';
import { useCategories } from '../api/categories.api';

function Count({ value }: { value: number }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
      {value}
    </Typography>
  );
}

/** A listing's link in the sidebar, marked as the current page when it is; it closes the drawer. */
function SidebarLink({
  to,
  current,
  onNavigate,
  sx,
  children,
}: {
  to: string;
  current: boolean;
  onNavigate: (() => void) | undefined;
  sx?: { flex?: number; pl?: number };
  children: ReactNode;
}) {
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={current}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ ...sx, borderRadius: 1 }}
    >
      {children}
    </ListItemButton>
  );
}

/**
 * The categories sidebar (docs/product.md §2): the named listings and the main categories with their
 * subcategories in the current language. `onNavigate` closes the mobile drawer.
 */
export function CategorySidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const categories = useCategories();
  const { mainCategorySlug, subCategorySlug } = useParams();
  const { name } = useRouteHandle();
  const headingId = useId();
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  const links: { route: RouteName; to: string; label: string }[] = [
    { route: 'home', to: '/', label: t('catalog.allProducts') },
    { route: 'on-sale-products', to: '/on-sale-products', label: t('routes.onSaleProducts') },
    { route: 'seasonal-products', to: '/seasonal-products', label: t('routes.seasonalProducts') },
    ...(auth
      ? [{ route: 'ordered-products' as const, to: '/ordered-products', label: t('routes.orderedProducts') }]
      : []),
  ];

  return (
    <Box component="nav" aria-label={t('catalog.categoriesNav')}>
      <List dense disablePadding>
        {links.map((link) => (
          <ListItem key={link.route} disablePadding>
            <SidebarLink to={link.to} current={name === link.route} onNavigate={onNavigate}>
              <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
            </SidebarLink>
          </ListItem>
        ))}
      </List>
      <Divider sx={{ my: 1 }} />
      <Typography id={headingId} component="h2" variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
        {t('catalog.categories')}
      </Typography>
      {categories.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('app.loading')} />
        </Box>
      )}
      {categories.isError && (
        <Alert severity="warning" role="status" sx={{ mx: 1 }}>
          {t('catalog.categoriesError')}
        </Alert>
      )}
      <List dense disablePadding aria-labelledby={headingId}>
        {(categories.data ?? []).map((main) => {
          const mainPath = `/category/${encodeURIComponent(main.slug)}`;
          const mainCurrent = mainCategorySlug === main.slug && !subCategorySlug;
          const open = toggled[main.slug] ?? mainCategorySlug === main.slug;
          return (
            <li key={main.slug}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <SidebarLink to={mainPath} current={mainCurrent} onNavigate={onNavigate} sx={{ flex: 1 }}>
                  <ListItemText primary={main.name} />
                  <Count value={main.productCount} />
                </SidebarLink>
                {main.children.length > 0 && (
                  <IconButton
                    size="small"
                    aria-expanded={open}
                    aria-label={t('catalog.expand', { name: main.name })}
                    title={t('catalog.expand', { name: main.name })}
                    onClick={() => setToggled((state) => ({ ...state, [main.slug]: !open }))}
                  >
                    {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                  </IconButton>
                )}
              </Box>
              {main.children.length > 0 && (
                <Collapse in={open} timeout="auto" unmountOnExit>
                  <List dense disablePadding>
                    {main.children.map((sub) => {
                      const current = mainCategorySlug === main.slug && subCategorySlug === sub.slug;
                      return (
                        <ListItem key={sub.slug} disablePadding>
                          <SidebarLink
                            to={`${mainPath}/${encodeURIComponent(sub.slug)}`}
                            current={current}
                            onNavigate={onNavigate}
                            sx={{ pl: 4 }}
                          >
                            <ListItemText primary={sub.name} />
                            <Count value={sub.productCount} />
                          </SidebarLink>
                        </ListItem>
                      );
                    })}
                  </List>
                </Collapse>
              )}
            </li>
          );
        })}
      </List>
    </Box>
  );
}
