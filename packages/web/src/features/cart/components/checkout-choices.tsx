import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { CartResponse } from '@shop/shared/contracts/cart';
import type { DeliveryDaysResponse } from '@shop/shared/contracts/checkout';
import { formatDate, formatMoney } from '@shop/shared/format/format';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveDeliveryDate, useSavePaymentMethod, useSaveShippingMethod } from '../api/checkout-mutations';
import { useDeliveryDays, usePaymentMethods, useShippingMethods } from '../api/checkout-queries';
import { CreditNotice, useDeferredReason } from './checkout-rules';

function weekdayName(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const noon = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
  try {
    return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
      weekday: 'long',
      timeZone: 'UTC',
    }).format(noon);
  } catch {
    return '';
  }
}

/**
 * A checkout choice saved on change: while its save runs it shows the value just chosen, then the
 * cart's (saved) value, '' when there is none. `choose` shows and saves a value.
 */
function useSavedChoice<T>(
  save: { isPending: boolean; mutate: (value: T) => void },
  saved: T | null | undefined,
) {
  const [chosen, setChosen] = useState<T | null>(null);
  const value = (save.isPending ? chosen : null) ?? saved ?? '';
  const choose = (next: T) => {
    setChosen(next);
    save.mutate(next);
  };
  return [value, choose] as const;
}

/** A choice saved on change: radio buttons (`children`) under their legend, then what follows them. */
function RadioFieldset({
  legend,
  value,
  onChange,
  after,
  children,
}: {
  legend: string;
  value: string;
  onChange: (value: string) => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 500, mb: 0.5 }}>
        {legend}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </RadioGroup>
      {after}
    </FormControl>
  );
}

/** Shipping method (saved on change). */
export function ShippingMethodChoice({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const methods = useShippingMethods();
  const save = useSaveShippingMethod();
  const [value, choose] = useSavedChoice(save, cart.currentShippingMethod?.code);
  return (
    <RadioFieldset legend={t('checkout.shippingMethod')} value={value} onChange={choose}>
      {(methods.data ?? []).map((method) => (
        <FormControlLabel
          key={method.code}
          value={method.code}
          control={<Radio />}
          label={method.cost > 0 ? `${method.name} (${formatMoney(method.cost)})` : method.name}
        />
      ))}
    </RadioFieldset>
  );
}

/** Payment method available to this customer (saved on change). */
export function PaymentMethodChoice({ cart }: { cart: CartResponse }) {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  const save = useSavePaymentMethod();
  const [value, choose] = useSavedChoice(save, cart.paymentMethodId);
  // Issue 16: deferred methods over the credit limit are marked, with the reason.
  const deferredReason = useDeferredReason(cart);
  const chosenMethod = (methods.data ?? []).find((method) => method.id === cart.paymentMethodId);
  if (methods.isSuccess && methods.data.length === 0) {
    return <Alert severity="warning">{t('checkout.noPaymentMethods')}</Alert>;
  }
  return (
    <RadioFieldset
      legend={t('checkout.paymentMethod')}
      value={String(value)}
      onChange={(text) => choose(Number(text))}
      after={
        <>
          <CreditNotice cart={cart} />
          {chosenMethod?.isDeferred && deferredReason !== null && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="deferred-chosen-blocked">
              {t('checkout.rules.deferredChosenBlocked')}
            </Alert>
          )}
        </>
      }
    >
      {(methods.data ?? []).map((method) => {
        const blocked = method.isDeferred && deferredReason !== null;
        return (
          <FormControlLabel
            key={method.id}
            value={String(method.id)}
            control={<Radio />}
            disabled={blocked && method.id !== cart.paymentMethodId}
            data-testid={blocked ? 'payment-method-blocked' : undefined}
            label={
              blocked ? (
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                  <span>{method.name}</span>
                  <Typography component="span" variant="caption" color="warning.main">
                    {deferredReason}
                  </Typography>
                </Box>
              ) : (
                method.name
              )
            }
          />
        );
      })}
    </RadioFieldset>
  );
}

function DeliveryDayNotes({ days, chosen }: { days: DeliveryDaysResponse; chosen: string }) {
  const { t } = useTranslation();
  const day = days.days.find((candidate) => candidate.date === chosen);
  return (
    <>
      {days.routeTime && (
        <Typography variant="body2" color="text.secondary">
          {t('checkout.routeTime', { time: days.routeTime })}
        </Typography>
      )}
      {days.holiday && <Alert severity="info">{t('checkout.holiday', { name: days.holiday.name })}</Alert>}
      {day?.within48Hours && (
        <Alert severity="warning" data-testid="within-48-hours">
          {t('checkout.within48Hours')}
        </Alert>
      )}
    </>
  );
}

/** Delivery day, only for home delivery: the next route days from the server (saved on change). */
export function DeliveryDayChoice({ cart }: { cart: CartResponse }) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const days = useDeliveryDays(true);
  const save = useSaveDeliveryDate();
  const [value, choose] = useSavedChoice<string | null>(save, cart.deliveryDate);
  const offered = days.data?.days ?? [];
  const valid = offered.some((day) => day.date === value);
  if (days.isSuccess && offered.length === 0) {
    return <Alert severity="warning">{t('checkout.noDeliveryDays')}</Alert>;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FormControl sx={{ maxWidth: 360 }}>
        <InputLabel variant="standard" htmlFor={selectId} shrink>
          {t('checkout.deliveryDay')}
        </InputLabel>
        <NativeSelect
          id={selectId}
          value={valid ? value : ''}
          disabled={!days.data}
          onChange={(event) => choose(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">{t('checkout.chooseDeliveryDay')}</option>
          {offered.map((day) => (
            <option key={day.date} value={day.date}>
              {`${formatDate(day.date)} (${weekdayName(day.date, i18n.language)})${
                day.isReplacement ? ` – ${t('checkout.replacementDay')}` : ''
              }`}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      {days.data && <DeliveryDayNotes days={days.data} chosen={valid ? value : ''} />}
    </Box>
  );
}
