import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RequireAuth } from '../../../components/require-auth';
import { isNoShippingError } from '../../../lib/shipping-address-api';
import { useFreshCart } from '../api/checkout-queries';
import { useRouteHandle } from '../../../lib/route-handle';
import { CartSummary } from './cart-summary';
import { CheckoutButton } from './checkout-button';
import { QuickOrderBox } from './quick-order-box';

export interface CartLayoutProps {
  /** The shipping-address picker (composed in by the app): shown while no address is chosen. */
  addressPicker?: ReactNode;
}

function CartShell({ addressPicker }: CartLayoutProps) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const cart = useFreshCart();
  const title = <PageHeading>{t(handle.title ?? 'routes.cart')}</PageHeading>;

  if (cart.isPending) {
    return (
      <>
        {title}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }} role="status">
          <CircularProgress size={28} />
          <Typography>{t('cart.loading')}</Typography>
        </Box>
      </>
    );
  }
  if (cart.isError && !cart.data) {
    return (
      <>
        {title}
        {isNoShippingError(cart.error) ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Alert severity="warning">{t('shippingAddress.chooseFirst')}</Alert>
            {addressPicker}
          </Box>
        ) : (
          <Alert severity="error">{t('cart.loadError')}</Alert>
        )}
      </>
    );
  }
  const data = cart.data;
  if (!data || data.count <= 0) {
    return (
      <>
        {title}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 900 }}>
          <Alert severity="info" data-testid="cart-empty">
            {t('cart.empty')}
          </Alert>
          {handle.name === 'cart' && <QuickOrderBox />}
        </Box>
      </>
    );
  }
  const sidebar = handle.sidebar !== false;
  return (
    <>
      {title}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: sidebar
            ? { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 9fr) minmax(0, 3fr)' }
            : 'minmax(0, 1fr)',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Outlet />
        </Box>
        {sidebar && (
          <Card
            component="aside"
            variant="outlined"
            aria-label={t('cart.summary')}
            sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 96 }, order: { xs: -1, lg: 0 } }}
          >
            <CartSummary cart={data} />
            <Box sx={{ mt: 2 }}>
              <CheckoutButton />
            </Box>
          </Card>
        )}
      </Box>
    </>
  );
}

/**
 * The cart main shell (docs/product.md §2): title from the route meta; the cart-is-empty message when
 * the cart has no lines; otherwise the child page with the cart sidebar unless the route meta says
 * `sidebar: false`. Anonymous visitors get the not-allowed view.
 */
export function CartLayout(props: CartLayoutProps) {
  return (
    <RequireAuth>
      <Box component="section">
        <CartShell {...props} />
      </Box>
    </RequireAuth>
  );
}
