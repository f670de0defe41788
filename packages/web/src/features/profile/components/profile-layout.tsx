import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RequireAuth } from '../../../components/require-auth';
import { useAuth } from '../../../lib/auth-store';
import { useRouteHandle, type RouteName, type RouteTitleKey } from '../../../lib/route-handle';

const SECTIONS: { name: RouteName; to: string; title: RouteTitleKey }[] = [
  { name: 'profile', to: '/profile', title: 'routes.profile' },
  { name: 'change-password', to: '/profile/change-password', title: 'routes.changePassword' },
  { name: 'order-history', to: '/profile/order-history', title: 'routes.orderHistory' },
  { name: 'order-lists', to: '/profile/order-lists', title: 'routes.orderLists' },
  { name: 'quotes', to: '/profile/quotes', title: 'routes.quotes' },
  { name: 'approvals', to: '/profile/approvals', title: 'routes.approvals' },
  { name: 'offline', to: '/profile/offline', title: 'routes.offline' },
  { name: 'back-in-stock', to: '/profile/back-in-stock', title: 'routes.backInStock' },
];

/** Shown to company owners only (issue 15). */
const OWNER_SECTIONS: typeof SECTIONS = [
  { name: 'company-users', to: '/profile/company-users', title: 'routes.companyUsers' },
];

/**
 * /profile with its children own data, change-password and order-history (docs/product.md §2).
 * Each child shows its title as the heading; anonymous visitors get the not-allowed view.
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const isOwner = useAuth()?.claims.companyRole === 'owner';
  const sections = isOwner ? [...SECTIONS, ...OWNER_SECTIONS] : SECTIONS;
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
        {sections.map((section) => {
          // A list's, a quote's or a request's own page shares its section's route and name.
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
