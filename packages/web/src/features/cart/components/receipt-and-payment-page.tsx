import ArrowBack from '@mui/icons-material/ArrowBack';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PlaceOrderErrors } from '../../../components/detail-page-parts';
import { ApiError, UnexpectedAnswerError } from '../../../lib/api-client';
import { isNoShippingError, useCurrentShippingData } from '../../../lib/shipping-address-api';
import { useShopState } from '../../../lib/shop-state';
import { toastStore } from '../../../lib/toast-store';
import { usePlaceOrder } from '../api/checkout-mutations';
import {
  useCartComments,
  useDeliveryDays,
  useFreshCart,
  usePaymentMethods,
  useShippingMethods,
} from '../api/checkout-queries';
import { markOrderSuccess } from '../hooks/order-success';
import { CartSummary } from './cart-summary';
import { DeliveryDayChoice, PaymentMethodChoice, ShippingMethodChoice } from './checkout-choices';
import { CheckoutComments } from './checkout-comments';
import { CheckoutReadonlyData } from './checkout-readonly';
import { MinimumOrderNotice, PurchaseOrderNumberField } from './checkout-rules';
import { wallClock } from './closure-notice';

/** A query that has its answer (or its error), or that is not running at all. */
function settled(query: { isPending: boolean; fetchStatus: string }): boolean {
  return !query.isPending || query.fetchStatus === 'idle';
}

function ClosedAlert({ state }: { state: ShopStateResponse }) {
  const { t } = useTranslation();
  const window = state.window;
  return (
    <Alert severity="warning" data-testid={state.forceClosed ? 'shop-force-closed' : 'shop-closed'}>
      <AlertTitle>{state.forceClosed ? t('checkout.forceClosed') : t('checkout.closed')}</AlertTitle>
      {window && (
        <Typography variant="body2">
          {t('checkout.maintenance', { start: wallClock(window.startsAt), end: wallClock(window.endsAt) })}
        </Typography>
      )}
    </Alert>
  );
}

interface ActionsProps {
  placing: boolean;
  onPlace: () => void;
}

function OrderActions({ placing, onPlace }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <Button
        component={RouterLink}
        to="/cart"
        variant="outlined"
        startIcon={<ArrowBack />}
        disabled={placing}
      >
        {t('checkout.back')}
      </Button>
      <Button variant="contained" size="large" endIcon={<Send />} onClick={onPlace} loading={placing}>
        {t('checkout.placeOrder')}
      </Button>
    </Box>
  );
}

function Choices({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const homeDelivery = cart.currentShippingMethod?.isHomeDelivery === true;
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <ShippingMethodChoice cart={cart} />
      <MinimumOrderNotice cart={cart} />
      {homeDelivery && <DeliveryDayChoice cart={cart} />}
      <PaymentMethodChoice cart={cart} />
      <PurchaseOrderNumberField cart={cart} />
      <Box component="section">
        <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('checkout.comments')}
        </Typography>
        <CheckoutComments />
      </Box>
    </Card>
  );
}

/**
 * /cart/receipt-and-payment (docs/product.md §§2 and 4): order-placement errors at the top; the closed
 * or force-closed warning (then no ordering buttons); otherwise Back to cart and Place order at top
 * and bottom. Shipping method, delivery day (home delivery only), payment method and comments are
 * saved as they change; personal, billing and (home delivery) shipping data are read-only.
 */
export function ReceiptAndPaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: cart } = useFreshCart();
  const shop = useShopState();
  const current = useCurrentShippingData();
  const placeOrder = usePlaceOrder();
  const placingRef = useRef(false);
  const [orderErrors, setOrderErrors] = useState<PlaceOrderError[]>([]);

  const closed = shop.data?.closed === true || shop.data?.forceClosed === true;
  const homeDelivery = cart?.currentShippingMethod?.isHomeDelivery === true;

  // The page shows once everything it lays out has loaded (each part settles, as data or error):
  // parts that arrived one by one pushed the rest down (layout shift, CLS 0.25 in Lighthouse).
  const shippingMethods = useShippingMethods();
  const paymentMethods = usePaymentMethods();
  const deliveryDays = useDeliveryDays(homeDelivery);
  const comments = useCartComments();
  const loaded =
    [shop, current, shippingMethods, paymentMethods, comments].every(settled) &&
    (!homeDelivery || settled(deliveryDays));
  // Only the first load waits: a later choice (home delivery loads its days) keeps the page.
  const [shown, setShown] = useState(false);
  if (loaded && cart && !shown) setShown(true);
  const ready = shown || loaded;

  const onPlace = () => {
    // A second click while the first is in progress is ignored (docs/product.md §4).
    if (placingRef.current) return;
    if (closed) {
      toastStore.show('warning', { key: 'checkout.closedSnack' });
      return;
    }
    placingRef.current = true;
    placeOrder.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.data === true && 'approvalId' in answer) {
          // Issue 15: sent for approval; the request's page says so (features/approvals).
          void navigate(`/profile/approvals/${answer.approvalId}?sent=1`);
          return;
        }
        if (answer.data === true) {
          markOrderSuccess(answer.orderId);
          void navigate('/');
          return;
        }
        const errors = answer.data;
        setOrderErrors(errors);
        const noShipping = errors.find(
          (entry) => entry.error === 'ERR_NO_CURRENT_SHIPPING' || entry.error === 'ERR_NO_SHIPPING',
        );
        if (noShipping) toastStore.show('warning', { key: `errors.${noShipping.error}` });
        // The shop closed meanwhile: the closed snack-bar, and the warning replaces the buttons.
        if (
          errors.some((entry) => entry.error === 'ERR_SHOP_CLOSED' || entry.error === 'ERR_SHOP_FORCE_CLOSED')
        )
          toastStore.show('warning', { key: 'checkout.closedSnack' });
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        if (error instanceof UnexpectedAnswerError) setOrderErrors([{ error: error.code }]);
        else if (isNoShippingError(error)) toastStore.show('warning', { key: `errors.${error.code}` });
        else if (!(error instanceof ApiError) || error.code !== 'ERR_UNAUTHORIZED')
          toastStore.show('error', { key: 'toasts.place_order_error' });
      },
      onSettled: () => {
        placingRef.current = false;
      },
    });
  };
  const placing = placeOrder.isPending;

  if (!cart || !ready) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }} role="status">
        <CircularProgress size={28} />
        <Typography>{t('cart.loading')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {orderErrors.length > 0 && (
        <PlaceOrderErrors errors={orderErrors} title={t('checkout.orderErrors')} testId="order-errors" />
      )}
      {cart.containsNonOrderableProduct && <Alert severity="warning">{t('cart.nonOrderable')}</Alert>}
      {shop.data && closed ? (
        <ClosedAlert state={shop.data} />
      ) : (
        <OrderActions placing={placing} onPlace={onPlace} />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <Choices cart={cart} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <CartSummary cart={cart} />
          </Card>
          {current.data && <CheckoutReadonlyData data={current.data} homeDelivery={homeDelivery} />}
          {current.isError && (
            <Alert severity={isNoShippingError(current.error) ? 'warning' : 'error'}>
              {isNoShippingError(current.error) ? t('shippingAddress.chooseFirst') : t('checkout.loadError')}
            </Alert>
          )}
        </Box>
      </Box>
      {!(shop.data && closed) && <OrderActions placing={placing} onPlace={onPlace} />}
    </Box>
  );
}
