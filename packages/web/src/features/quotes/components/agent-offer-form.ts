import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import {
  offerQuoteRequestSchema,
  type OfferQuoteRequest,
  type QuoteDetail,
  type QuoteLine,
} from '@shop/shared/contracts/quotes';

/**
 * The sales agent's answer to a quote (issue 16 point 2, docs/product.md §5.12) as a react-hook-form
 * draft: texts as typed. The body it makes is checked by the shared contract of the call
 * (`offerQuoteRequestSchema`, the server's own check), and by the rules the contract cannot know:
 * the last valid day not before today (shop time zone), and each quantity within the line's quantity
 * rules (minimum, maximum, stock, step: what the server's quantity correction keeps, §5.4). The
 * server's answer stays the truth (ERR_QUANTITY_NOT_AVAILABLE names the quantity it allows).
 */

export interface OfferLineDraft {
  sku: string;
  /** Forints per piece, gross, as typed: "1234,50", "1 234.5". */
  price: string;
  /** Pieces as typed. */
  quantity: string;
}

export interface OfferDraft {
  lines: OfferLineDraft[];
  /** YYYY-MM-DD from the date field. */
  validUntil: string;
  message: string;
}

/** Forints as typed (spaces and a decimal comma allowed) → a number; NaN when it is not one. */
export function parseForintsText(text: string): number {
  const normalised = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** Minor units → forints as the field shows them ("1234,5" → "1234,50"; whole forints without decimals). */
export function forintsFieldText(minor: number | null): string {
  if (minor === null) return '';
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2).replace('.', ',');
}

/** Whole pieces as typed → a number; NaN when it is not a whole number. */
function parsePieces(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request body of the draft (the contract checks it as it is sent). */
export function offerBody(draft: OfferDraft): OfferQuoteRequest {
  return {
    lines: draft.lines.map((line) => ({
      sku: line.sku,
      price: parseForintsText(line.price),
      quantity: parsePieces(line.quantity),
    })),
    validUntil: draft.validUntil,
    message: draft.message,
  };
}

/** The form's first values: the offer being revised, else the customer's price and the requested quantity. */
export function initialDraft(quote: QuoteDetail, validUntil: string): OfferDraft {
  return {
    lines: quote.lines.map((line) => ({
      sku: line.sku,
      price: forintsFieldText(line.offeredPrice ?? line.listPrice),
      quantity: String(line.offeredQuantity ?? line.requestedQuantity),
    })),
    validUntil: quote.status === 'offered' && quote.validUntil ? quote.validUntil : validUntil,
    message: quote.staffMessage ?? '',
  };
}

/** Why a quantity breaks the line's rules (a message key with its values), or null when it keeps them. */
export function quantityProblem(
  line: Pick<QuoteLine, 'minimumQuantity' | 'maximumQuantity' | 'quantityStep' | 'stock'>,
  quantity: number,
): { key: QuantityProblemKey; values: Record<string, number> } | null {
  if (!Number.isInteger(quantity) || quantity <= 0) return null;
  if (line.minimumQuantity !== null && line.minimumQuantity > line.stock)
    return { key: 'out_of_stock', values: { stock: line.stock } };
  if (line.minimumQuantity !== null && quantity < line.minimumQuantity)
    return { key: 'below_minimum', values: { min: line.minimumQuantity } };
  if (line.maximumQuantity !== null && quantity > line.maximumQuantity)
    return { key: 'above_maximum', values: { max: line.maximumQuantity } };
  if (quantity > line.stock) return { key: 'above_stock', values: { stock: line.stock } };
  const step = Math.max(1, line.quantityStep);
  if (quantity % step !== 0) return { key: 'off_step', values: { step } };
  return null;
}

export type QuantityProblemKey =
  'out_of_stock' | 'below_minimum' | 'above_maximum' | 'above_stock' | 'off_step';

/**
 * The resolver: the shared contract over the body, plus the day and the quantity rules. Each error's
 * `message` is a key: the contract's (`invalid_number`, `too_small`, ...) or this form's
 * (`past_date`, a quantity problem); a quantity problem keeps its values in `types`.
 */
export function offerResolver(
  lines: readonly QuoteLine[],
  today: string,
): Resolver<OfferDraft, unknown, OfferQuoteRequest> {
  // raw: the body as the draft made it is what is sent (the server parses it with the same contract).
  const check = zodResolver(offerQuoteRequestSchema, undefined, { raw: true }) as unknown as Resolver<
    FieldValues,
    unknown,
    OfferQuoteRequest
  >;
  const contract = ((values, context, options) =>
    check(offerBody(values as OfferDraft) as unknown as FieldValues, context, {
      ...options,
      fields: {},
      shouldUseNativeValidation: false,
    })) as Resolver<OfferDraft, unknown, OfferQuoteRequest>;
  return async (values, context, options) => {
    const checked = await contract(values, context, options);
    const errors = ruleErrors(values, lines, today);
    if (Object.keys(errors).length === 0) return checked;
    // The contract's errors first; a field it found right may still break a rule.
    return { values: {}, errors: mergeErrors(checked.errors, errors) as FieldErrors<OfferDraft> };
  };
}

/** The rules the contract cannot know: the day not before today, the quantities within the line's rules. */
function ruleErrors(values: OfferDraft, lines: readonly QuoteLine[], today: string): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const body = offerBody(values);
  if (/^\d{4}-\d{2}-\d{2}$/.test(values.validUntil) && values.validUntil < today) {
    errors.validUntil = { type: 'custom', message: 'past_date' } satisfies FieldError;
  }
  const lineErrors: ({ quantity: FieldError } | undefined)[] = [];
  body.lines.forEach((entry, index) => {
    const line = lines.find((l) => l.sku === entry.sku);
    const problem = line ? quantityProblem(line, entry.quantity) : null;
    if (problem) {
      lineErrors[index] = {
        quantity: {
          type: 'custom',
          message: problem.key,
          types: Object.fromEntries(Object.entries(problem.values).map(([k, v]) => [k, String(v)])),
        },
      };
    }
  });
  if (lineErrors.length > 0) errors.lines = lineErrors;
  return errors;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as FieldError).type === 'string';
}

/** Two error trees in one (arrays of line errors too); the first's error of a field wins. */
function mergeErrors(first: unknown, second: unknown): unknown {
  if (first === undefined) return second;
  if (second === undefined || isFieldError(first)) return first;
  if (typeof first !== 'object' || first === null || typeof second !== 'object' || second === null)
    return first;
  const out: Record<string, unknown> | unknown[] = Array.isArray(first) ? [...first] : { ...first };
  for (const [key, value] of Object.entries(second)) {
    const target = out as Record<string, unknown>;
    target[key] = mergeErrors(target[key], value);
  }
  return out;
}
