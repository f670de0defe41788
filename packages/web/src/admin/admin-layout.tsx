import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { LanguageMenu } from '../app/shell/language-menu';
import { ToastHost } from '../components/toast-host';
import { currentLanguage } from '../i18n/i18n';
import { adminAuthStore, type AdminAuthState } from './admin-auth-store';
import { useAdminCommonMessages } from './admin-i18n';
import type { AdminSection } from './admin-sections';

export const ADMIN_DRAWER_WIDTH = 248;

/** The back office frame: a top bar (title, signed-in user, language, logout) and the section drawer. */
export function AdminLayout({
  auth,
  sections,
  children,
}: {
  auth: AdminAuthState;
  sections: AdminSection[];
  children: ReactNode;
}) {
  const { t } = useAdminCommonMessages();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);

  const logout = () => {
    adminAuthStore.signOut('logout');
    void navigate('/admin/login', { replace: true });
  };

  const navigation = (
    <Box component="nav" aria-label={t('layout.navigation')}>
      <Toolbar />
      <List>
        {sections.map((section) => {
          const Icon = section.icon;
          const to = `/admin/${section.path}`;
          const selected = location.pathname === to || location.pathname.startsWith(`${to}/`);
          return (
            <ListItem key={section.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={() => setDrawerOpen(false)}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(section.labelKey)} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Divider />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="secondary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {!wide ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('layout.openNavigation')}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
            {t('layout.title')}
          </Typography>
          <Typography
            variant="body2"
            noWrap
            sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 260 }}
            data-testid="admin-user"
          >
            {t('layout.signedInAs', { name: auth.session.name, role: t(`roles.${auth.session.role}`) })}
          </Typography>
          <IconButton
            id="admin-language-button"
            color="inherit"
            aria-label={t('layout.language')}
            aria-haspopup="menu"
            aria-controls={languageAnchor ? 'admin-language-menu' : undefined}
            onClick={(event) => setLanguageAnchor(event.currentTarget)}
          >
            <TranslateOutlined />
          </IconButton>
          <LanguageMenu
            id="admin-language-menu"
            anchorEl={languageAnchor}
            open={Boolean(languageAnchor)}
            current={currentLanguage(i18n)}
            labelledBy="admin-language-button"
            onClose={() => setLanguageAnchor(null)}
            onSelect={(language) => {
              setLanguageAnchor(null);
              void i18n.changeLanguage(language);
            }}
          />
          <Button color="inherit" onClick={logout} startIcon={<LogoutOutlined />}>
            {t('layout.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || drawerOpen}
        onClose={() => setDrawerOpen(false)}
        sx={{
          width: wide ? ADMIN_DRAWER_WIDTH : undefined,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: ADMIN_DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {navigation}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
      <ToastHost />
    </Box>
  );
}
