import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreateQuoteRequest, QuoteDetail } from '@shop/shared/contracts/quotes';
import { ApiError } from '../lib/api-client';
import { useApiClient } from '../lib/api-client-context';
import { useToast } from '../lib/toast-store';

/**
 * Asks for a quote for the cart's lines (`POST /api/quotes`): a message and an optional wished
 * delivery day. The lines move into the quote and the cart is emptied; the quote opens in the profile.
 */
export function RequestQuoteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [wished, setWished] = useState('');
  const request = useMutation({
    mutationFn: (body: CreateQuoteRequest) =>
      api.post<QuoteDetail>('/quotes', body, {
        navigationScoped: false,
        retry: false,
        schema: import('@shop/shared/contracts/quotes').then((c) => c.quoteDetailSchema),
      }),
    onSuccess: (quote) => {
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['quotes'] });
      onClose();
      toast.success('quoteRequest.sent', { id: quote.id });
      void navigate(`/profile/quotes/${quote.id}`);
    },
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('quoteRequest.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('quoteRequest.intro')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label={t('quoteRequest.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <TextField
          fullWidth
          type="date"
          margin="dense"
          label={t('quoteRequest.wishedDeliveryDate')}
          value={wished}
          onChange={(event) => setWished(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
        {request.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {request.error instanceof ApiError
              ? t(`errors.${request.error.code}`, { ...request.error.params })
              : t('quoteRequest.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('quoteRequest.cancel')}</Button>
        <Button
          variant="contained"
          disabled={request.isPending}
          onClick={() => request.mutate({ message, wishedDeliveryDate: wished === '' ? null : wished })}
        >
          {t('quoteRequest.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
