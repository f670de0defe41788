import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { availableCredit } from '@shop/shared/rules/checkout-rules';
import type { AdminT } from '../../admin-i18n';
import { forintsText, parseForints } from '../../components/forints';
import { DetailCard, useSaveCustomer } from './detail-card';

/** A signed amount typed by staff (the open balance may be negative: paid ahead). */
function parseSignedForints(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const minor = parseForints(negative ? trimmed.slice(1) : trimmed);
  return minor === null ? null : negative ? -minor : minor;
}

/**
 * Issue 16: the customer's ordering rules — whether a purchase-order number is required, the credit
 * limit for deferred payment methods and the open balance (its instant becomes now when saved; the
 * ERP may set both through the integration API too).
 */
export function CheckoutRulesCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const customer = detail.customer!;
  const [required, setRequired] = useState(customer.purchaseOrderNumberRequired);
  const [limit, setLimit] = useState(forintsText(customer.creditLimit));
  const [balance, setBalance] = useState(
    customer.openBalance < 0 ? `-${forintsText(-customer.openBalance)}` : forintsText(customer.openBalance),
  );
  const [shown, setShown] = useState(0);
  const save = useSaveCustomer(detail.userId);
  const limitMinor = limit.trim() === '' ? null : parseForints(limit);
  const limitInvalid = limit.trim() !== '' && limitMinor === null;
  const balanceMinor = parseSignedForints(balance === '' ? '0' : balance);
  const balanceInvalid = balanceMinor === null;
  const available = availableCredit({
    limit: customer.creditLimit,
    openBalance: customer.openBalance,
    pending: customer.pendingDeferred,
  });
  const onSubmit = () => {
    if (limitInvalid || balanceInvalid) {
      setShown((n) => n + 1);
      return;
    }
    save.mutate({
      customer: {
        purchaseOrderNumberRequired: required,
        creditLimit: limitMinor,
        // The balance (and its instant) only when staff changed it.
        ...(balanceMinor !== customer.openBalance ? { openBalance: balanceMinor! } : {}),
      },
    });
  };
  /** An amount in forints (`checkoutRules.<key>` its label, `<key>Help` its help while it is valid). */
  const amountField = (
    key: 'creditLimit' | 'openBalance',
    value: string,
    onChange: (value: string) => void,
    invalid: boolean,
  ) => (
    <TextField
      label={t(`checkoutRules.${key}`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={invalid}
      helperText={invalid ? t('checkoutRules.invalidAmount') : t(`checkoutRules.${key}Help`)}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-invalid': invalid } }}
    />
  );
  return (
    <DetailCard title={t('checkoutRules.title')} onSubmit={onSubmit} busy={save.isPending} shown={shown}>
      <FormControlLabel
        control={<Switch checked={required} onChange={(e) => setRequired(e.target.checked)} />}
        label={t('checkoutRules.poRequired')}
      />
      {amountField('creditLimit', limit, setLimit, limitInvalid)}
      {amountField('openBalance', balance, setBalance, balanceInvalid)}
      <Typography variant="body2" color="text.secondary">
        {customer.openBalanceAt
          ? t('checkoutRules.balanceAt', { at: formatDateTime(customer.openBalanceAt) })
          : t('checkoutRules.noBalanceAt')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('checkoutRules.pending', { amount: formatMoney(customer.pendingDeferred) })}
      </Typography>
      {available !== null ? (
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="admin-credit-available">
          {t('checkoutRules.available', { amount: formatMoney(available) })}
        </Typography>
      ) : null}
    </DetailCard>
  );
}
