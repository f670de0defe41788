import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CartResponse } from '@shop/shared/contracts/cart';
import { formatMoney, formatNumber, formatWeightKg } from '@shop/shared/format/format';
import { useTranslation } from 'react-i18next';

function Row({
  label,
  value,
  strong = false,
  ruled = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** A rule above the row (a border: an <hr> may not stand directly in a <dl>). */
  ruled?: boolean;
}) {
  return (
    <Box
      component="div"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.25,
        fontWeight: strong ? 700 : 400,
        ...(ruled && { borderTop: 1, borderColor: 'divider', mt: 0.5, pt: 0.75 }),
      }}
    >
      <Box component="dt" sx={{ m: 0 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

/**
 * The cart's totals (docs/product.md §§3 and 9): gross, net, weight in kg, the logistics cost of the
 * current address (home delivery only) and the shipping method's cost, all computed by the server.
 */
export function CartSummary({ cart, compact = false }: { cart: CartResponse; compact?: boolean }) {
  const { t } = useTranslation();
  const { totals } = cart;
  const homeDelivery = cart.currentShippingMethod?.isHomeDelivery === true;
  return (
    <Box data-testid="cart-summary">
      {!compact && (
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('cart.summary')}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, fontSize: compact ? '0.875rem' : '0.95rem' }}>
        <Row label={t('cart.gross')} value={formatMoney(totals.gross)} strong />
        <Row label={t('cart.net')} value={formatMoney(totals.net)} />
        <Row label={t('cart.pieces')} value={formatNumber(totals.pieces)} />
        <Row label={t('cart.weight')} value={formatWeightKg(totals.weight)} />
        {homeDelivery && <Row label={t('cart.logisticsCost')} value={formatMoney(totals.logisticsCost)} />}
        {cart.currentShippingMethod && (
          <Row label={t('cart.shippingCost')} value={formatMoney(totals.shippingMethodCost)} />
        )}
        {(homeDelivery || cart.currentShippingMethod) && (
          <Row label={t('cart.grandTotal')} value={formatMoney(totals.grandTotal)} strong ruled />
        )}
      </Box>
    </Box>
  );
}
