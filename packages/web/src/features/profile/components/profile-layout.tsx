import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RequireAuth } from '../../../components/require-auth';
import { useRouteHandle, type RouteName, type RouteTitleKey } from '../../../lib/route-handle';

const SECTIONS: { name: RouteName; to: string; title: RouteTitleKey }[] = [
  { name: 'profile', to: '/profile', title: 'routes.profile' },
  { name: 'change-password', to: '/profile/change-password', title: 'routes.changePassword' },
  { name: 'order-history', to: '/profile/order-history', title: 'routes.orderHistory' },
];

/**
 * /profile with its children own data, change-password and order-history (docs/product.md §2).
 * Each child shows its title as the heading; anonymous visitors get the not-allowed view.
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <RequireAuth>
      <Box
        component="nav"
        aria-label={t('profile.navLabel')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
          pb: 1,
          mb: 3,
        }}
      >
        {SECTIONS.map((section) => {
          const current = section.name === handle.name;
          return (
            <Button
              key={section.name}
              component={RouterLink}
              to={section.to}
              variant={current ? 'contained' : 'text'}
              aria-current={current ? 'page' : undefined}
            >
              {t(section.title)}
            </Button>
          );
        })}
      </Box>
      <Box component="section">
        <PageHeading>{t(handle.title ?? 'routes.profile')}</PageHeading>
        <Outlet />
      </Box>
    </RequireAuth>
  );
}
