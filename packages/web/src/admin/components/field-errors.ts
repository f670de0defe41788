import { useRef, useState } from 'react';
import { get, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorCode, ErrorParams } from '@shop/shared/errors/error-codes';
import { ApiError, translateError } from '../../lib/api-client';
import { validationMessage, type LengthLimits } from '../../lib/form-validation';

/**
 * Field-level errors of a back-office form, read from its react-hook-form state. A zod issue of the
 * shared contract (the form's resolver, see admin-form.ts) or a server error that names a field
 * (`params.field`, e.g. `body.customer.taxNumber`, or a code the form maps to a field such as
 * ERR_DUP_EMAIL) is shown under that field: `props(name)` gives a TextField `error` and
 * `helperText`, which MUI wires to `aria-invalid` and `aria-describedby`. Error names are paths in
 * the request body with dots (`customer.taxNumber`), so zod's paths and the server's match.
 * The texts come from the shop's `account` and `feedback` messages (admin-sections loads them).
 */
export interface FieldErrors {
  /** The field's message, if it has one. */
  message: (name: string) => string | undefined;
  /** Spread into a TextField; `helper` is shown while the field has no error. */
  props: (name: string, helper?: string) => { error: boolean; helperText?: string | undefined };
  /** Forgets one field's error (on change) or all of them. */
  clear: (name?: string) => void;
  /** Shows a server error under its field; false when it names no field of this form. */
  fromApi: (error: unknown) => boolean;
  /** True while any field has an error. */
  any: boolean;
  /** Grows each time errors are shown, so the dialog can move the focus to the first one. */
  shown: number;
  /** Counts one more showing (a submit the resolver refused). */
  showed: () => void;
}

export interface FieldErrorOptions {
  /** Each field's label, for the length messages, and its length limits. */
  labels?: Record<string, string>;
  limits?: Record<string, LengthLimits>;
  /** Server codes that belong to a field although the server names none (e.g. ERR_DUP_EMAIL). */
  fieldOfCode?: Partial<Record<ErrorCode, string>>;
  /** The form's fields; a server error naming another field is left to the caller (a toast). */
  fields?: readonly string[];
  /** The section's own texts for message keys of its schemas (e.g. `start_after_end`). */
  messages?: Record<string, string>;
  /** The form field a request-body path belongs to, where the two differ. */
  fieldOf?: (path: string) => string;
  /** The text of a problem the shared messages only call invalid (default: "Invalid value."). */
  invalidText?: (name: string) => string | undefined;
  /** The checked value at an error's path (default: the form's value of that name). */
  valueOf?: (name: string) => unknown;
}

/** `body.customer.taxNumber` → `customer.taxNumber`; zod's `['billing', 'zip']` → `billing.zip`. */
export function fieldPath(path: string | readonly PropertyKey[]): string {
  const text = typeof path === 'string' ? path : path.map(String).join('.');
  return text.replace(/^(body|query|params)\.?/, '');
}

/** The field a server error concerns, if it names one. */
export function fieldOfApiError(
  error: unknown,
  fieldOfCode: Partial<Record<ErrorCode, string>> = {},
): { field: string; code: ErrorCode; params: ErrorParams } | null {
  if (!(error instanceof ApiError)) return null;
  const named = error.params.field;
  const field = typeof named === 'string' && named !== '' ? fieldPath(named) : fieldOfCode[error.code];
  return field ? { field, code: error.code, params: error.params } : null;
}

/** The message type of a server error set on a field (its translation needs the error's params). */
const SERVER = 'server';

/** The field errors of a react-hook-form form, translated with the section's labels and limits. */
export function useFieldErrors<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  options: FieldErrorOptions = {},
): FieldErrors {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const apiErrors = useRef(new Map<string, unknown>());
  const { labels, limits, fieldOfCode, fields, messages } = options;
  // Read here so the form re-renders the dialog when its errors change.
  const errors = form.formState.errors;

  const message = (name: string): string | undefined => {
    const error = get(errors, name) as { type?: string; message?: string } | undefined;
    if (typeof error?.message !== 'string') return undefined;
    if (error.type === SERVER) {
      const api = apiErrors.current.get(name);
      return fieldOfApiError(api)?.code === 'ERR_VALIDATION'
        ? t('validation.invalid')
        : translateError(t, api);
    }
    const own = messages?.[error.message];
    if (own !== undefined) return own;
    const text = validationMessage(
      t,
      { message: error.message },
      {
        field: labels?.[name] ?? name,
        limits: limits?.[name] ?? {},
        value: options.valueOf ? options.valueOf(name) : (form.getValues(name as never) as unknown),
      },
    );
    if (text === undefined) return error.message;
    return (text === t('validation.invalid') ? options.invalidText?.(name) : undefined) ?? text;
  };
  const showed = () => setShown((n) => n + 1);

  return {
    message,
    props: (name, helper) => {
      const text = message(name);
      return text === undefined
        ? { error: false, ...(helper === undefined ? {} : { helperText: helper }) }
        : { error: true, helperText: text };
    },
    clear: (name) => {
      if (name === undefined) form.clearErrors();
      else if (get(errors, name) !== undefined) form.clearErrors(name as never);
    },
    fromApi: (error) => {
      const found = fieldOfApiError(error, fieldOfCode);
      if (!found) return false;
      const field = options.fieldOf?.(found.field) ?? found.field;
      if (fields && !fields.includes(field)) return false;
      apiErrors.current.set(field, error);
      form.setError(field as never, { type: SERVER, message: found.code });
      showed();
      return true;
    },
    any: Object.keys(errors).length > 0,
    shown,
    showed,
  };
}
