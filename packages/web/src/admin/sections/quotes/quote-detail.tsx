import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfferQuoteRequest, QuoteDetail } from '@shop/shared/contracts/quotes';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { DetailField } from '../../../components/detail-page-parts';
import { useAdminApi } from '../../admin-api';
import { type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { forintsText, parseForints } from '../../components/forints';
import { RecordHeading, RecordPageWaiting, RecordPanel, useRouteRecord } from '../../components/record-list';
import { QuoteStatusChip } from './quote-status-chip';

/** A week from today (shop days are close enough to the browser's for a default). */
function inAWeek(): string {
  const day = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
}

interface LineDraft {
  price: string;
  quantity: string;
}

/** The offered price and quantity fields of a line: label, problem text, keyboard and width. */
const OFFER_FIELDS = {
  price: { label: 'offeredPrice', invalid: 'priceInvalid', inputMode: 'decimal', width: 130 },
  quantity: { label: 'offeredQuantity', invalid: 'quantityInvalid', inputMode: 'numeric', width: 100 },
} as const;

/** One quote: the request, its lines, and the answer form (prices, quantities, validity, message, decline). */
export function QuoteDetailView({ t }: { t: AdminT }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const {
    id,
    key: quoteKey,
    query: quote,
  } = useRouteRecord<QuoteDetail>('quote', 'quoteId', '/admin/quotes');
  const [drafts, setDrafts] = useState<Record<string, LineDraft>>({});
  const [validUntil, setValidUntil] = useState(inAWeek);
  const [message, setMessage] = useState('');
  const [declining, setDeclining] = useState(false);

  const settled = (result: QuoteDetail, done: string) => {
    queryClient.setQueryData(quoteKey, result);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'quotes'] });
    toast.done(`admin-quotes:${done}`);
  };
  const offer = useMutation({
    mutationFn: (body: OfferQuoteRequest) =>
      api.post<QuoteDetail>(`/admin/quotes/${id}/offer`, body, { retry: false }),
    onSuccess: (result) => settled(result, 'offered'),
    onError: (error) => toast.apiError(error),
  });
  const decline = useMutation({
    mutationFn: () => api.post<QuoteDetail>(`/admin/quotes/${id}/decline`, { message }, { retry: false }),
    onSuccess: (result) => {
      setDeclining(false);
      settled(result, 'declined');
    },
    onError: (error) => {
      setDeclining(false);
      toast.apiError(error);
    },
  });

  const q = quote.data;
  if (quote.error || !q) return <RecordPageWaiting t={t} failed={Boolean(quote.error)} />;

  const draftOf = (sku: string, line: QuoteDetail['lines'][number]): LineDraft =>
    drafts[sku] ?? {
      price: forintsText(line.offeredPrice ?? line.listPrice),
      quantity: String(line.offeredQuantity ?? line.requestedQuantity),
    };
  const parsed = q.lines.map((line) => {
    const draft = draftOf(line.sku, line);
    const price = parseForints(draft.price);
    const quantity = /^\d+$/.test(draft.quantity.trim()) ? Number(draft.quantity.trim()) : null;
    return {
      line,
      draft,
      price: price !== null && price > 0 ? price : null,
      quantity: quantity && quantity > 0 ? quantity : null,
    };
  });
  const complete = parsed.every((p) => p.price !== null && p.quantity !== null) && validUntil !== '';
  const total = parsed.reduce((sum, p) => sum + (p.price ?? 0) * (p.quantity ?? 0), 0);
  const setDraft = (sku: string, current: LineDraft, change: Partial<LineDraft>) =>
    setDrafts((all) => ({ ...all, [sku]: { ...current, ...change } }));
  const send = () => {
    if (!complete) return;
    offer.mutate({
      lines: parsed.map((p) => ({ sku: p.line.sku, price: (p.price ?? 0) / 100, quantity: p.quantity ?? 0 })),
      validUntil,
      message,
    });
  };

  /** One offered value of a line: a small field, its problem under it while it does not parse. */
  const offerCell = (sku: string, draft: LineDraft, key: keyof LineDraft, value: number | null) => (
    <TableCell>
      <TextField
        size="small"
        value={draft[key]}
        disabled={!q.canAnswer}
        onChange={(event) => setDraft(sku, draft, { [key]: event.target.value })}
        error={value === null}
        helperText={value === null ? t(OFFER_FIELDS[key].invalid) : undefined}
        slotProps={{
          htmlInput: {
            inputMode: OFFER_FIELDS[key].inputMode,
            'aria-label': `${t(OFFER_FIELDS[key].label)} ${sku}`,
          },
        }}
        sx={{ width: OFFER_FIELDS[key].width }}
      />
    </TableCell>
  );

  return (
    <Box>
      <RecordHeading t={t} id={q.id} status={<QuoteStatusChip status={q.status} t={t} />} />
      <RecordPanel title={t('request')} sx={{ mb: 2 }}>
        <DetailField sx={{ mb: 1 }} label={t('columns.customer')}>
          {q.customerName} · {q.requestedByName} · {formatDateTime(q.createdAt)}
        </DetailField>
        <DetailField sx={{ mb: 1 }} label={t('message')}>
          {q.message || t('noMessage')}
        </DetailField>
        {q.wishedDeliveryDate ? (
          <DetailField sx={{ mb: 1 }} label={t('wishedDeliveryDate')}>
            {q.wishedDeliveryDate}
          </DetailField>
        ) : null}
        {q.answeredByName && q.answeredAt ? (
          <DetailField sx={{ mb: 1 }} label={t('staffMessage')}>
            {q.staffMessage || '—'}
            <Typography variant="caption" color="text.secondary" component="div">
              {t('answeredBy', { name: q.answeredByName, at: formatDateTime(q.answeredAt) })}
            </Typography>
          </DetailField>
        ) : null}
        {q.rejectReason !== null ? (
          <DetailField sx={{ mb: 1 }} label={t('rejectReason')}>
            {q.rejectReason || '—'}
          </DetailField>
        ) : null}
        {q.orderId !== null ? (
          <DetailField sx={{ mb: 1 }} label={t('columns.status')}>
            {t('order', { id: q.orderId })}
          </DetailField>
        ) : null}
      </RecordPanel>

      <RecordPanel title={t('answerTitle')} sx={{ mb: 2 }}>
        {!q.canAnswer ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('notAnswerable', { status: t(`status.${q.status}`) })}
          </Alert>
        ) : null}
        <TableContainer>
          <Table size="small" aria-label={t('tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('lineSku')}</TableCell>
                <TableCell>{t('lineName')}</TableCell>
                <TableCell align="right">{t('requestedQuantity')}</TableCell>
                <TableCell align="right">{t('stock')}</TableCell>
                <TableCell align="right">{t('listPrice')}</TableCell>
                <TableCell>{t('offeredPrice')}</TableCell>
                <TableCell>{t('offeredQuantity')}</TableCell>
                <TableCell align="right">{t('lineTotal')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {parsed.map(({ line, draft, price, quantity }) => (
                <TableRow key={line.sku}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right">{line.requestedQuantity}</TableCell>
                  <TableCell align="right">{line.stock}</TableCell>
                  <TableCell align="right">
                    {line.listPrice === null ? '—' : formatMoney(line.listPrice)}
                  </TableCell>
                  {offerCell(line.sku, draft, 'price', price)}
                  {offerCell(line.sku, draft, 'quantity', quantity)}
                  <TableCell align="right">
                    {price !== null && quantity !== null ? formatMoney(price * quantity) : '—'}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={7} align="right" sx={{ fontWeight: 600 }}>
                  {t('columns.total')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(total)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
        {q.canAnswer ? (
          <Stack spacing={2} sx={{ mt: 2, maxWidth: 560 }}>
            <TextField
              type="date"
              size="small"
              label={t('validUntil')}
              value={validUntil}
              onChange={(event) => setValidUntil(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              multiline
              minRows={3}
              label={t('staffMessage')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" onClick={send} disabled={!complete || offer.isPending}>
                {t('send')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => setDeclining(true)}
                disabled={decline.isPending}
              >
                {t('decline')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
      </RecordPanel>
      <ConfirmDialog
        open={declining}
        title={t('declineTitle')}
        message={t('declineMessage')}
        confirmLabel={t('decline')}
        danger
        busy={decline.isPending}
        onConfirm={() => decline.mutate()}
        onClose={() => setDeclining(false)}
      />
    </Box>
  );
}
