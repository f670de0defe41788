import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useAdminCommonMessages } from '../admin-i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirming button's text (default: the shared "Confirm"). */
  confirmLabel?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
  busy?: boolean;
  /** Extra content under the message, e.g. a reason field. */
  children?: ReactNode;
  /** False keeps the confirm button disabled (e.g. a required reason is empty). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that changes something; Cancel is the default focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  children,
  canConfirm = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useAdminCommonMessages();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy || !canConfirm}
          variant="contained"
          color={danger ? 'error' : 'primary'}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
