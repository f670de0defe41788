import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ShippingAddressList } from './shipping-address-list';

/** The shipping-address picker as a dialog (opened from the header). */
export function ShippingAddressDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('addressPicker.title')}
        <IconButton
          onClick={onClose}
          aria-label={t('addressPicker.close')}
          title={t('addressPicker.close')}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{open && <ShippingAddressList />}</DialogContent>
    </Dialog>
  );
}
