import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { isErrorCode } from '@shop/shared/errors/error-codes';
import { huTaxNumberProblem } from '@shop/shared/rules/hu-tax-number';

/**
 * Form validation shared by the account forms (docs/product.md §5). The shared zod schemas carry
 * stable message keys (`required`, `too_short`, ...); here they become the messages of
 * `validation.<key>`, with the field name and the length limit for the length messages.
 */

export interface LengthLimits {
  min?: number;
  max?: number;
}

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
  /** zod's string schemas tell their length limits (null when there is none). */
  minLength?: number | null;
  maxLength?: number | null;
}

/**
 * The length limits of a string schema, looked up through pipes, transforms and optional
 * wrappers, so a form shows the limits the server checks (e.g. 6 and 128 for a password).
 */
export function lengthLimits(schema: unknown): LengthLimits {
  let current = schema as ZodLike | undefined;
  for (let depth = 0; current?._zod && depth < 10; depth += 1) {
    const def = current._zod.def ?? {};
    if (def.type === 'string') {
      const limits: LengthLimits = {};
      // min(1) only says "required"; a real minimum length is larger.
      if (typeof current.minLength === 'number' && current.minLength > 1) limits.min = current.minLength;
      if (typeof current.maxLength === 'number') limits.max = current.maxLength;
      return limits;
    }
    current = (def.in ?? def.innerType) as ZodLike | undefined;
  }
  return {};
}

/** Message keys of the shared contracts plus the web's own cross-field keys. */
const KNOWN_MESSAGES = new Set([
  'required',
  'invalid_email',
  'invalid_phone',
  'invalid_company_registration_number',
  'email_mismatch',
  'password_mismatch',
]);

export interface MessageContext {
  /** The field's label, for the length messages. */
  field: string;
  limits?: LengthLimits;
  /** The field's current value (tells which part of a tax number is wrong). */
  value?: unknown;
}

/** The translated message of a field error, or undefined when the field has none. */
export function validationMessage(
  t: TFunction,
  error: Pick<FieldError, 'message'> | undefined,
  context: MessageContext,
): string | undefined {
  const key = error?.message;
  if (key === undefined) return undefined;
  switch (key) {
    case 'too_short':
      return t('validation.too_short', { field: context.field, min: context.limits?.min ?? 1 });
    case 'too_long':
      return context.limits?.max === undefined
        ? t('validation.invalid')
        : t('validation.too_long', { field: context.field, max: context.limits.max });
    case 'invalid_tax_number': {
      const problem = typeof context.value === 'string' ? huTaxNumberProblem(context.value.trim()) : null;
      if (problem === 'check_digit') return t('validation.tax_number_check_digit');
      if (problem === 'vat_code') return t('validation.tax_number_vat_code');
      if (problem === 'territorial_code') return t('validation.tax_number_territorial_code');
      return t('validation.invalid_tax_number');
    }
    default:
      // A server error code set on a field (e.g. ERR_DUP_EMAIL on the e-mail field).
      if (isErrorCode(key)) return t(`errors.${key}`);
      return KNOWN_MESSAGES.has(key) ? t(`validation.${key as 'required'}`) : t('validation.invalid');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && typeof value.type === 'string';
}

/** Nested field errors merged; the first resolver's error of a field wins. */
function mergeErrors(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = value;
    else if (!isFieldError(existing) && isRecord(existing) && isRecord(value) && !isFieldError(value))
      mergeErrors(existing, value);
  }
}

/**
 * Several resolvers over the same values, their errors merged. zod does not run an object's
 * refinements while a field has a "required" error, so the cross-field rules (confirmations,
 * company fields) get their own schemas and every rule shows at the first submit. The values
 * come from the first resolver.
 */
export function combineResolvers<TInput extends FieldValues, TOutput>(
  main: Resolver<TInput, unknown, TOutput>,
  ...others: Resolver<TInput, unknown, unknown>[]
): Resolver<TInput, unknown, TOutput> {
  return async (values, context, options) => {
    const results = await Promise.all([
      main(values, context, options),
      ...others.map((resolver) => resolver(values, context, options)),
    ]);
    const errors: Record<string, unknown> = {};
    for (const result of results) mergeErrors(errors, result.errors as Record<string, unknown>);
    if (Object.keys(errors).length === 0) return results[0]!;
    return { values: {}, errors: errors as FieldErrors<TInput> };
  };
}
