import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  QUOTE_MESSAGE_MAX,
  type OfferQuoteRequest,
  type QuoteDetail,
  type QuoteLine,
} from '@shop/shared/contracts/quotes';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { addDays, localDateTime } from '@shop/shared/rules/calendar-date';
import {
  DetailBackLink,
  DetailField,
  DetailFields,
  DetailHeading,
  DetailQueryState,
} from '../../../components/detail-page-parts';
import { ApiError } from '../../../lib/api-client';
import { useShopState } from '../../../lib/shop-state';
import { useDeclineQuote, useOfferQuote } from '../api/agent-quotes-api';
import { useQuote } from '../api/quotes-api';
import { initialDraft, offerResolver, parseForintsText, type OfferDraft } from './agent-offer-form';
import { AgentDeclineDialog } from './agent-decline-dialog';
import { AgentQuoteStatusChip } from './agent-quote-status-chip';

const money = (minor: number) => formatMoney(minor, minor % 100 === 0 ? 0 : 2);

/** What the product's quantity rules allow, in words: minimum, maximum, step, stock. */
function RulesText({ line }: { line: QuoteLine }) {
  const { t } = useTranslation();
  const parts = [
    line.minimumQuantity !== null ? t('quotes.agent.rules.minimum', { pieces: line.minimumQuantity }) : null,
    line.maximumQuantity !== null ? t('quotes.agent.rules.maximum', { pieces: line.maximumQuantity }) : null,
    line.quantityStep > 1 ? t('quotes.agent.rules.step', { pieces: line.quantityStep }) : null,
    t('quotes.agent.rules.stock', { pieces: line.stock }),
  ].filter((part): part is string => part !== null);
  return <>{parts.join(' · ')}</>;
}

/** The translated message of a field error: the contract's or the form's key, under the field's group. */
function useErrorText() {
  const { t } = useTranslation();
  return (group: 'price' | 'quantity' | 'validUntil' | 'message', error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const values = Object.fromEntries(
      Object.entries(error.types ?? {}).map(([key, value]) => [key, Number(value)]),
    );
    const key = `quotes.agent.errors.${group}.${error.message}`;
    return t(key, { ...values, defaultValue: t('validation.invalid') });
  };
}

/** The answer form: a price and quantity per line, the last valid day, a message; send or decline. */
function OfferForm({ quote, today }: { quote: QuoteDetail; today: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const offer = useOfferQuote(quote.id);
  const decline = useDeclineQuote(quote.id);
  const [declining, setDeclining] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm<OfferDraft, unknown, OfferQuoteRequest>({
    resolver: offerResolver(quote.lines, today),
    defaultValues: initialDraft(quote, addDays(today, 7)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  /** A text field bound to the form (spread into a MUI TextField). */
  const bind = (name: Path<OfferDraft>) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref };
  };
  const draft = useWatch({ control: form.control }) as OfferDraft;
  const errors = form.formState.errors;
  const total = quote.lines.reduce((sum, _line, index) => {
    const price = parseForintsText(draft.lines?.[index]?.price ?? '');
    const quantity = Number(draft.lines?.[index]?.quantity ?? '');
    return Number.isFinite(price) && Number.isInteger(quantity)
      ? sum + Math.round(price * 100) * quantity
      : sum;
  }, 0);

  const failure = offer.error instanceof ApiError ? offer.error : null;
  const fieldFailure =
    failure?.code === 'ERR_QUANTITY_NOT_AVAILABLE' ||
    (failure?.code === 'ERR_VALIDATION' && failure.params.field === 'validUntil');

  const send = form.handleSubmit(
    (body) => {
      setSent(false);
      offer.mutate(body, {
        onSuccess: () => setSent(true),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'ERR_QUANTITY_NOT_AVAILABLE') {
            const index = quote.lines.findIndex((line) => line.sku === error.params.sku);
            if (index < 0) return;
            form.setError(
              `lines.${index}.quantity`,
              {
                type: 'server',
                message: Number(error.params.allowed) > 0 ? 'server' : 'server_none',
                types: { allowed: String(error.params.allowed), requested: String(error.params.requested) },
              },
              { shouldFocus: true },
            );
          } else if (error.code === 'ERR_VALIDATION' && error.params.field === 'validUntil') {
            form.setError('validUntil', { type: 'server', message: 'past_date' }, { shouldFocus: true });
          }
        },
      });
    },
    () => setSent(false),
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="agent-offer-heading"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Typography id="agent-offer-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {quote.status === 'offered' ? t('quotes.agent.reviseTitle') : t('quotes.agent.offerTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('quotes.agent.offerIntro')}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void send(event)}>
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {quote.lines.map((line, index) => {
            const lineErrors = errors.lines?.[index];
            const priceError = errorText('price', lineErrors?.price);
            const quantityError = errorText('quantity', lineErrors?.quantity);
            const allowed =
              lineErrors?.quantity?.type === 'server' ? Number(lineErrors.quantity.types?.allowed) : 0;
            const price = parseForintsText(draft.lines?.[index]?.price ?? '');
            const quantity = Number(draft.lines?.[index]?.quantity ?? '');
            const lineTotal =
              Number.isFinite(price) && Number.isInteger(quantity) && quantity > 0
                ? Math.round(price * 100) * quantity
                : null;
            return (
              <Box
                component="li"
                key={line.sku}
                data-sku={line.sku}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 2fr) 10rem 8rem 9rem' },
                  borderTop: index === 0 ? 0 : 1,
                  borderColor: 'divider',
                  pt: index === 0 ? 0 : 1.5,
                }}
              >
                <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {line.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {line.sku}
                  </Typography>
                  <Typography variant="caption" component="div">
                    {t('quotes.agent.requestedLine', { pieces: line.requestedQuantity })}
                    {' · '}
                    {line.listPrice === null
                      ? t('quotes.agent.noListPrice')
                      : t('quotes.agent.listPrice', { price: money(line.listPrice) })}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    <RulesText line={line} />
                  </Typography>
                </Box>
                <TextField
                  size="small"
                  label={t('quotes.agent.price')}
                  {...bind(`lines.${index}.price`)}
                  error={priceError !== undefined}
                  helperText={priceError}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      autoComplete: 'off',
                      'aria-label': `${t('quotes.agent.price')} – ${line.name} (${line.sku})`,
                    },
                  }}
                />
                <TextField
                  size="small"
                  label={t('quotes.agent.quantity')}
                  {...bind(`lines.${index}.quantity`)}
                  error={quantityError !== undefined}
                  helperText={
                    quantityError === undefined ? undefined : (
                      <>
                        {quantityError}
                        {allowed > 0 && (
                          <>
                            {' '}
                            <Link
                              component="button"
                              type="button"
                              variant="caption"
                              onClick={() => {
                                form.setValue(`lines.${index}.quantity`, String(allowed));
                                form.clearErrors(`lines.${index}.quantity`);
                              }}
                            >
                              {t('quotes.agent.useAllowed', { pieces: allowed })}
                            </Link>
                          </>
                        )}
                      </>
                    )
                  }
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      autoComplete: 'off',
                      'aria-label': `${t('quotes.agent.quantity')} – ${line.name} (${line.sku})`,
                    },
                  }}
                />
                <Box
                  sx={{ textAlign: 'right', alignSelf: 'center', gridColumn: { xs: '1 / -1', md: 'auto' } }}
                >
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('quotes.lineTotal')}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="agent-line-total">
                    {lineTotal === null ? '—' : money(lineTotal)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            mt: 2,
            borderTop: 1,
            borderColor: 'divider',
            pt: 1,
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>{t('quotes.total')}</Typography>
          <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="agent-offer-total">
            {money(total)}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 560 }}>
          <TextField
            type="date"
            size="small"
            label={t('quotes.agent.validUntil')}
            {...bind('validUntil')}
            error={errors.validUntil !== undefined}
            helperText={errorText('validUntil', errors.validUntil) ?? t('quotes.agent.validUntilHint')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
          <TextField
            multiline
            minRows={3}
            label={t('quotes.agent.message')}
            {...bind('message')}
            error={errors.message !== undefined}
            helperText={errorText('message', errors.message) ?? t('quotes.agent.messageHint')}
            slotProps={{ htmlInput: { maxLength: QUOTE_MESSAGE_MAX } }}
          />
        </Box>
        {failure && !fieldFailure && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {failure.code === 'ERR_VALIDATION' && typeof failure.params.sku === 'string'
              ? t('quotes.agent.linesChanged')
              : t(`errors.${failure.code}`, { ...failure.params })}
          </Alert>
        )}
        {offer.error && !(offer.error instanceof ApiError) && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {t('quotes.agent.sendFailed')}
          </Alert>
        )}
        {sent && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="agent-offer-sent">
            {t('quotes.agent.sent', { customer: quote.customerName })}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={offer.isPending}>
            {quote.status === 'offered' ? t('quotes.agent.sendRevised') : t('quotes.agent.send')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDeclining(true)}
            disabled={offer.isPending}
          >
            {t('quotes.agent.decline')}
          </Button>
        </Box>
      </Box>
      {declining && (
        <AgentDeclineDialog
          customerName={quote.customerName}
          mutation={decline}
          onClose={() => setDeclining(false)}
        />
      )}
    </Paper>
  );
}

/** The lines as answered (or still unanswered), read only: for a quote the agent can no longer answer. */
function AnsweredLines({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  return (
    <Box component="ol" aria-label={t('quotes.linesLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {quote.lines.map((line) => (
        <Box
          component="li"
          key={line.sku}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {line.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {line.sku} · {t('quotes.agent.requestedLine', { pieces: line.requestedQuantity })}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
            {line.offeredPrice === null || line.offeredQuantity === null
              ? '—'
              : `${line.offeredQuantity} × ${money(line.offeredPrice)}`}
          </Typography>
        </Box>
      ))}
      {quote.totalGross !== null && (
        <Box
          component="li"
          sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, pt: 1, fontWeight: 600 }}
        >
          <span>{t('quotes.total')}</span>
          <span>{formatMoney(quote.totalGross)}</span>
        </Box>
      )}
    </Box>
  );
}

/**
 * /profile/quotes/:quoteId for a sales agent: the request of one of its customers (lines with the
 * customer's current price and the quantity rules, the buyer's message and wished day) and, while it
 * can be answered, the answer form: a price and quantity per line, the last valid day and a message;
 * or a decline with a reason. The customer's user gets the answer by mail and on its quote page.
 */
export function AgentQuotePage() {
  const { t } = useTranslation();
  const params = useParams();
  const quoteId = Number(params.quoteId);
  const quote = useQuote(quoteId);
  const shop = useShopState();
  const today = localDateTime(new Date(), shop.data?.timeZone ?? 'Europe/Budapest').date;

  if (!quote.data)
    return (
      <DetailQueryState
        query={quote}
        section="quotes"
        backTo="/profile/quotes"
        backText={t('quotes.agent.backToList')}
      />
    );
  const q = quote.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <DetailBackLink to="/profile/quotes">{t('quotes.agent.backToList')}</DetailBackLink>
      <DetailHeading
        title={t('quotes.agent.title', { id: q.id, customer: q.customerName })}
        status={<AgentQuoteStatusChip status={q.status} />}
      />
      <DetailFields>
        <DetailField label={t('quotes.agent.customer')}>{q.customerName}</DetailField>
        <DetailField label={t('quotes.agent.requestedBy')}>
          {q.requestedByName} · {formatDateTime(q.createdAt)}
        </DetailField>
        <DetailField label={t('quotes.agent.buyerMessage')}>
          {q.message || t('quotes.agent.noMessage')}
        </DetailField>
        <DetailField label={t('quotes.wishedDeliveryDate')}>
          {q.wishedDeliveryDate ?? t('quotes.agent.noWishedDay')}
        </DetailField>
        {q.answeredByName && q.answeredAt && (
          <DetailField label={t('quotes.agent.answered')}>
            {t('quotes.agent.answeredBy', { name: q.answeredByName, at: formatDateTime(q.answeredAt) })}
          </DetailField>
        )}
        {q.staffMessage !== null && (
          <DetailField label={t('quotes.agent.ourMessage')}>{q.staffMessage || '—'}</DetailField>
        )}
        {q.validUntil && <DetailField label={t('quotes.validUntil')}>{q.validUntil}</DetailField>}
        {q.rejectReason !== null && (
          <DetailField label={t('quotes.rejectReason')}>{q.rejectReason || '—'}</DetailField>
        )}
      </DetailFields>
      {q.canAnswer ? (
        <OfferForm key={q.id} quote={q} today={today} />
      ) : (
        <>
          <Alert severity="info">
            {q.status === 'accepted' && q.orderId !== null
              ? t('quotes.agent.acceptedNote', { orderId: q.orderId })
              : t('quotes.agent.closedNote', { status: t(`quotes.agent.status.${q.status}`) })}
          </Alert>
          <AnsweredLines quote={q} />
        </>
      )}
    </Box>
  );
}
