import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import { parseQuickOrderText } from '@shop/shared/contracts/cart';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CartAdditionReport } from '../../../components/cart-addition-report';
import { useQuickOrder } from '../api/checkout-mutations';

/**
 * Quick order (docs/product.md §5.7): paste or load lines of `SKU or barcode; quantity`; the server adds
 * each line through the quantity correction and the answer lists what was added, corrected and
 * rejected (with the reasons).
 */
export function QuickOrderBox() {
  const { t } = useTranslation();
  const titleId = useId();
  const resultId = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<CartAdditionResponse | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const quickOrder = useQuickOrder();
  const lines = parseQuickOrderText(text);
  const rejected = result !== null && result.rejected.length > 0;

  const submit = () => {
    if (lines.length === 0 || quickOrder.isPending) return;
    quickOrder.mutate(text, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.rejected.length === 0 && answer.corrected.length === 0) setText('');
      },
    });
  };

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setText(await file.text());
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 0.5 }}>
        {t('quickOrder.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('quickOrder.help')}
      </Typography>
      <TextField
        label={t('quickOrder.label')}
        multiline
        // A plain textarea of fixed height (it scrolls): MUI's auto-growing one adds a hidden mirror
        // field without an id or a name, which Chromium reports as an issue (Lighthouse best practices).
        rows={5}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Rejected lines are this field's errors: the report below describes it.
        error={rejected}
        slotProps={{
          input: { inputComponent: 'textarea' },
          htmlInput: {
            spellCheck: false,
            style: { fontFamily: 'monospace' },
            'aria-describedby': rejected ? resultId : undefined,
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={lines.length === 0}
          loading={quickOrder.isPending}
        >
          {t('quickOrder.submit')}
        </Button>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => fileInput.current?.click()}>
          {t('quickOrder.upload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          name="quickOrderFile"
          accept=".csv,.txt,text/plain,text/csv"
          hidden
          onChange={(event) => void load(event)}
        />
        {lines.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('quickOrder.preview', { count: lines.length })}
          </Typography>
        )}
      </Box>
      {/* A live region on the page from the start, so the report added to it is announced. */}
      <Box id={resultId} role="status" aria-label={t('quickOrder.resultTitle')} sx={{ mt: result ? 2 : 0 }}>
        {result && <CartAdditionReport result={result} />}
      </Box>
    </Card>
  );
}
