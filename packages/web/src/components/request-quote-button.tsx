import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../i18n/i18n';

const RequestQuoteDialog = lazy(() =>
  Promise.all([import('./request-quote-dialog'), loadMessages('cart', 'feedback')]).then(([module]) => ({
    default: module.RequestQuoteDialog,
  })),
);

/**
 * "Ask for a quote" in the cart (issue 16): the cart's lines become a request for quote. The dialog
 * asking the message and the wished delivery day loads on the first press.
 */
export function RequestQuoteButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<RequestQuoteOutlined />}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {t('quoteRequest.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestQuoteDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
