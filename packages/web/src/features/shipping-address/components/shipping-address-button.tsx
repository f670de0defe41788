import LocalShipping from '@mui/icons-material/LocalShipping';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../../i18n/i18n';

// The picker (list, queries) loads when the button is first pressed, not with the first page.
const ShippingAddressDialog = lazy(() =>
  Promise.all([import('./shipping-address-dialog'), loadMessages('cart', 'catalog', 'feedback')]).then(
    ([module]) => ({ default: module.ShippingAddressDialog }),
  ),
);

/** The header's shipping-address action: opens the picker of the current shipping address. */
export function ShippingAddressButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = t('shippingAddress.button');
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      {compact ? (
        <IconButton color="inherit" aria-label={label} title={label} onClick={show}>
          <LocalShipping />
        </IconButton>
      ) : (
        <Button color="inherit" startIcon={<LocalShipping />} onClick={show} sx={{ whiteSpace: 'nowrap' }}>
          {label}
        </Button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <ShippingAddressDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
