import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

/**
 * A rejection with a reason (a quote by its customer, an approval request by an approver): the
 * texts are `{section}.rejectTitle`, `.cancel` and `.reject`; the field is labelled `label`. With
 * `required`, an empty reason is not sent and the field says `required.missing` (`required.hint`
 * otherwise). The dialog closes once the mutation succeeded; the server's refusal is shown in it.
 */
export function ReasonDialog({
  section,
  label,
  maxLength,
  required,
  mutation,
  onClose,
}: {
  section: 'quotes' | 'approvals';
  label: string;
  maxLength: number;
  required?: { missing: string; hint: string };
  mutation: {
    mutate(reason: string, options: { onSuccess: () => void }): void;
    isPending: boolean;
    error: unknown;
  };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const send = () => {
    if (required && reason.trim() === '') {
      setMissing(true);
      return;
    }
    mutation.mutate(reason, { onSuccess: onClose });
  };
  const failure = mutation.error;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(`${section}.rejectTitle`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          required={required !== undefined}
          minRows={3}
          margin="dense"
          label={label}
          value={reason}
          error={missing}
          helperText={required && (missing ? required.missing : required.hint)}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          slotProps={{ htmlInput: { maxLength } }}
        />
        {failure instanceof ApiError && (
          <Alert severity="error">{t(`errors.${failure.code}`, { ...failure.params })}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${section}.cancel`)}</Button>
        <Button color="error" variant="contained" disabled={mutation.isPending} onClick={send}>
          {t(`${section}.reject`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
