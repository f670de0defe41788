import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  declineQuoteRequestSchema,
  QUOTE_MESSAGE_MAX,
  type DeclineQuoteRequest,
  type QuoteDetail,
} from '@shop/shared/contracts/quotes';
import { ApiError } from '../../../lib/api-client';

/**
 * The contract of the decline body, and a reason the agent must give: the customer reads it in the
 * mail and on its quote page (the server accepts an empty one from staff tools, not from this form).
 */
const declineSchema = declineQuoteRequestSchema.refine((body) => body.message.trim() !== '', {
  path: ['message'],
  message: 'required',
});
const resolver = zodResolver(declineSchema);

/** The sales agent declines a quote request with a reason (`POST /api/quotes/{id}/decline`). */
export function AgentDeclineDialog({
  customerName,
  mutation,
  onClose,
}: {
  customerName: string;
  mutation: UseMutationResult<QuoteDetail, Error, DeclineQuoteRequest>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<DeclineQuoteRequest>({ resolver, defaultValues: { message: '' } });
  const { ref, ...field } = form.register('message');
  const error = form.formState.errors.message?.message;
  const failure = mutation.error;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((body) => mutation.mutate(body, { onSuccess: onClose }))(event)
        }
      >
        <DialogTitle id={titleId}>{t('quotes.agent.declineTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {t('quotes.agent.declineIntro', { customer: customerName })}
          </DialogContentText>
          <TextField
            {...field}
            inputRef={ref}
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={t('quotes.agent.declineReason')}
            error={error !== undefined}
            helperText={
              error === undefined
                ? undefined
                : t(`quotes.agent.errors.message.${error}`, { defaultValue: t('validation.invalid') })
            }
            slotProps={{ htmlInput: { maxLength: QUOTE_MESSAGE_MAX } }}
          />
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {failure instanceof ApiError
                ? t(`errors.${failure.code}`, { ...failure.params })
                : t('quotes.agent.sendFailed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('quotes.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={mutation.isPending}>
            {t('quotes.agent.declineConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
