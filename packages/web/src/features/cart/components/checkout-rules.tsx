import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CartResponse } from '@shop/shared/contracts/cart';
import { formatMoney } from '@shop/shared/format/format';
import {
  isPaymentAllowed,
  normalizePurchaseOrderNumber,
  PURCHASE_ORDER_NUMBER_MAX,
} from '@shop/shared/rules/checkout-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePurchaseOrderNumber } from '../api/checkout-mutations';

/**
 * The checkout rules of issue 16 (docs/product.md §5.11) in the cart and the checkout: the
 * purchase-order number field, the minimum order value of the chosen shipping method and the
 * customer's credit for deferred payment methods. The server checks all of them again at
 * place-order; these only tell the buyer in advance.
 */

/** How much the items still need for the chosen shipping method's minimum (nothing when reached or none). */
export function MinimumOrderNotice({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const minimum = cart.minimumOrder;
  if (!minimum || minimum.missing <= 0) return null;
  return (
    <Alert severity="warning" data-testid="minimum-order-missing">
      {t('checkout.rules.minimumMissing', {
        minimum: formatMoney(minimum.minimum),
        missing: formatMoney(minimum.missing),
      })}
    </Alert>
  );
}

/** Whether the cart's deferred payment would pass the credit limit (shared rule; the server decides). */
export function deferredBlocked(cart: CartResponse): boolean {
  const credit = cart.credit;
  if (!credit) return false;
  return !isPaymentAllowed(
    true,
    { limit: credit.limit, openBalance: credit.openBalance, pending: credit.pending },
    cart.totals.grandTotal,
  );
}

/** The available credit for deferred payment methods, when the customer has a limit. */
export function CreditNotice({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const credit = cart.credit;
  if (!credit) return null;
  return (
    <Box data-testid="credit-available">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t('checkout.rules.creditAvailable', { available: formatMoney(credit.available) })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('checkout.rules.creditDetails', {
          limit: formatMoney(credit.limit),
          balance: formatMoney(credit.openBalance),
          pending: formatMoney(credit.pending),
        })}
      </Typography>
    </Box>
  );
}

/** The reason a deferred method cannot be chosen now, or null when it can. */
export function useDeferredReason(cart: CartResponse): string | null {
  const { t } = useTranslation();
  if (!deferredBlocked(cart) || !cart.credit) return null;
  return t('checkout.rules.deferredBlocked', {
    total: formatMoney(cart.totals.grandTotal),
    available: formatMoney(cart.credit.available),
  });
}

/** The purchase-order number, saved when the field loses focus (or Enter). */
export function PurchaseOrderNumberField({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSavePurchaseOrderNumber();
  // The typed text while it differs from the cart's (saved on blur or Enter); else the cart's.
  const [draft, setDraft] = useState<string | null>(null);
  const saved = cart.purchaseOrderNumber;
  const value = draft ?? saved;
  const tooLong = value.trim().length > PURCHASE_ORDER_NUMBER_MAX;
  const missing = cart.purchaseOrderNumberRequired && normalizePurchaseOrderNumber(value) === '';
  const commit = () => {
    if (draft === null || tooLong) return;
    const next = normalizePurchaseOrderNumber(draft);
    if (next === saved) {
      setDraft(null);
      return;
    }
    save.mutate(next, { onSettled: () => setDraft(null) });
  };
  return (
    <TextField
      id={id}
      label={t('checkout.rules.purchaseOrderNumber')}
      value={value}
      required={cart.purchaseOrderNumberRequired}
      error={tooLong || missing}
      helperText={
        tooLong
          ? t('checkout.rules.purchaseOrderNumberTooLong')
          : missing
            ? t('checkout.rules.purchaseOrderNumberRequired')
            : t('checkout.rules.purchaseOrderNumberHelp')
      }
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{
        htmlInput: { maxLength: PURCHASE_ORDER_NUMBER_MAX + 10, 'data-testid': 'purchase-order-number' },
      }}
      fullWidth
    />
  );
}
