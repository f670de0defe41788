import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RequireAuth } from '../../../components/require-auth';
import { useRouteHandle } from '../../../lib/route-handle';

/**
 * The cart main shell (spec section 2): title from the route meta, then the child page; the
 * route meta `sidebar` (false on receipt-and-payment) tells whether the cart sidebar shows.
 * Anonymous visitors get the not-allowed view.
 */
export function CartLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <RequireAuth>
      <Box component="section">
        <PageHeading>{t(handle.title ?? 'routes.cart')}</PageHeading>
        <Outlet />
      </Box>
    </RequireAuth>
  );
}
