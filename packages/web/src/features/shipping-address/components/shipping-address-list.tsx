import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrentMark } from '../../../components/current-mark';
import { isAbortError } from '../../../lib/api-client';
import { useShippingAddresses, useSetCurrentShippingAddress } from '../../../lib/shipping-address-api';
import { toastStore } from '../../../lib/toast-store';

/** The page reloads after the current address changes (docs/product.md §4). */
function reloadPage() {
  window.location.reload();
}

function addressLine(address: ShippingAddress): string {
  const country = address.countryCode ? `${address.country} (${address.countryCode})` : address.country;
  return `${address.zip} ${address.city}, ${address.aptSuite} · ${country}`;
}

/** Show the filter field from this many addresses on. */
const FILTER_FROM = 6;

export interface ShippingAddressListProps {
  /** Called instead of reloading the page (tests). */
  onChanged?: () => void;
}

/**
 * The addresses the user may order for (an agent: every address of its customers, with the
 * customer's name), each with its note and country code; choosing one sets it as the current
 * shipping address and reloads the page.
 */
export function ShippingAddressList({ onChanged = reloadPage }: ShippingAddressListProps) {
  const { t } = useTranslation();
  const addresses = useShippingAddresses();
  const setCurrent = useSetCurrentShippingAddress();
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (addresses.isError && !isAbortError(addresses.error)) {
      toastStore.show('error', { key: 'shippingAddress.loadError' });
    }
  }, [addresses.isError, addresses.error]);

  if (addresses.isPending) {
    return (
      <Typography role="status" color="text.secondary">
        {t('addressPicker.loading')}
      </Typography>
    );
  }
  if (addresses.isError) return <Alert severity="error">{t('shippingAddress.loadError')}</Alert>;
  const all = addresses.data;
  if (all.length === 0) return <Alert severity="info">{t('addressPicker.empty')}</Alert>;
  const needle = foldForSearch(filter.trim());
  const shown = needle
    ? all.filter((address) =>
        foldForSearch(`${address.customer.name} ${address.zip} ${address.city} ${address.aptSuite}`).includes(
          needle,
        ),
      )
    : all;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {all.length >= FILTER_FROM && (
        <TextField
          size="small"
          label={t('addressPicker.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {shown.map((address) => {
          const current = address.currentShippingAddress;
          return (
            <Card
              component="li"
              key={address.shippingAddressId}
              variant="outlined"
              data-testid={`shipping-address-${address.shippingAddressId}`}
              sx={{
                p: 1.5,
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                borderColor: current ? 'primary.main' : 'divider',
                borderWidth: current ? 2 : 1,
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>{address.customer.name}</Typography>
                <Typography variant="body2">{addressLine(address)}</Typography>
                {address.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                    {address.note}
                  </Typography>
                )}
              </Box>
              {current ? (
                <CurrentMark>{t('addressPicker.current')}</CurrentMark>
              ) : (
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={`${t('addressPicker.choose')}: ${address.customer.name}, ${address.zip} ${address.city}`}
                  loading={setCurrent.isPending && setCurrent.variables === address.shippingAddressId}
                  disabled={setCurrent.isPending}
                  onClick={() =>
                    setCurrent.mutate(address.shippingAddressId, { onSuccess: () => onChanged() })
                  }
                >
                  {t('addressPicker.choose')}
                </Button>
              )}
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
