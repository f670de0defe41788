import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../lib/api-client';

/** ORDER_LIST_NAME_MAX of shared/contracts/order-lists.ts (not imported: the contracts load with the calls). */
const NAME_MAX = 100;

/**
 * A dialog asking for a list's name (new list, save as a list, rename). `error` is the failed
 * call's error (e.g. ERR_ORDER_LIST_NAME_TAKEN), shown under the field.
 */
export function ListNameDialog({
  open,
  title,
  submitLabel,
  initialName = '',
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  error: unknown;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const empty = name.trim() === '';
  const message = touched && empty ? t('listActions.nameRequired') : error ? translateError(t, error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (empty || pending) return;
    onSubmit(name.trim());
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('listActions.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={message !== null}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('listActions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
