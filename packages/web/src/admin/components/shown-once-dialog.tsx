import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useId } from 'react';

/**
 * A secret the server shows only once (a new API key, a webhook's signing secret): `warning` above
 * it, the value read-only (selected on focus, `testId` on the input), then Copy (to the clipboard,
 * then `onCopied`) and Done. Open while `value` is not null.
 */
export function ShownOnceDialog({
  value,
  title,
  warning,
  label,
  testId,
  copyLabel,
  doneLabel,
  onCopied,
  onClose,
}: {
  value: string | null;
  title: string;
  warning: ReactNode;
  label: string;
  testId: string;
  copyLabel: string;
  doneLabel: string;
  onCopied: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={value !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <TextField
          label={label}
          value={value ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyOutlined />}
          onClick={() => {
            if (value !== null) void navigator.clipboard?.writeText(value).then(onCopied);
          }}
        >
          {copyLabel}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
