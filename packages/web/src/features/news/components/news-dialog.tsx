import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusMainFromClosedDialog } from '../../../lib/focus-main';

/**
 * The frame of the news dialogs (the news pop-up and its products): a title with a close button,
 * the content and an "OK" button. They open by themselves, so closing sends focus to the page.
 */
export function NewsDialog({
  title,
  open,
  onClose,
  children,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      // The dialog itself takes focus when it opens; the ring belongs on its controls.
      slotProps={{
        paper: { sx: { '&:focus, &:focus-visible': { outline: 'none' } } },
        // It opened by itself, so focus has no opener to return to: it goes to the page.
        transition: { onExited: focusMainFromClosedDialog },
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
        <IconButton
          aria-label={t('news.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('news.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
