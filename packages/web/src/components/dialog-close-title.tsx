import Close from '@mui/icons-material/Close';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog's title (`id` for the dialog's aria-labelledby) with the round "close" button in the
 * top right corner, next to the title rather than inside it.
 */
export function DialogCloseTitle({
  id,
  onClose,
  children,
}: {
  id: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={id} sx={{ pr: 7 }}>
        {children}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t('dialog.close')}
        title={t('dialog.close')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
    </>
  );
}
