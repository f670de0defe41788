import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useAdminCommonMessages } from '../admin-i18n';
import type { FieldErrors } from './field-errors';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** The submit button's text (default: the shared "Save"). */
  submitLabel?: string;
  busy?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
  /** Called on submit (Enter or the button); the native submit is prevented. */
  onSubmit: () => void;
  onClose: () => void;
  /** The form's field errors: each time they are shown the first invalid field gets the focus. */
  fieldErrors?: Pick<FieldErrors, 'shown'>;
}

/** A dialog around a form: fields stacked, Cancel and Save; full screen on a phone. */
export function FormDialog({
  open,
  title,
  submitLabel,
  busy = false,
  maxWidth = 'sm',
  children,
  onSubmit,
  onClose,
  fieldErrors,
}: FormDialogProps) {
  const { t } = useAdminCommonMessages();
  const titleId = useId();
  const formRef = useFocusFirstInvalid(fieldErrors?.shown ?? 0);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel ?? t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A form's ref that moves the focus to its first invalid field each time `shown` grows (errors were
 * shown), also when that field's name differs from the path its error is kept under.
 */
export function useFocusFirstInvalid(shown: number): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (shown === 0) return;
    // After the form's own render of the errors (react-hook-form renders them on its own turn).
    const timer = setTimeout(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      // Centred, so its label above and its message below are in view too (not cut at the top).
      field?.focus({ preventScroll: true });
      field?.scrollIntoView?.({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return formRef;
}
