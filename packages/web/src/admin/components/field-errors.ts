import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodError } from 'zod';
import type { ErrorCode, ErrorParams } from '@shop/shared/errors/error-codes';
import { ApiError, translateError } from '../../lib/api-client';
import { validationMessage, type LengthLimits } from '../../lib/form-validation';

/**
 * Field-level errors of a back-office form. A client-side zod issue or a server error that names a
 * field (`params.field`, e.g. `body.customer.taxNumber`, or a code the form maps to a field such as
 * ERR_DUP_EMAIL) is shown under that field: `props(name)` gives a TextField `error` and
 * `helperText`, which MUI wires to `aria-invalid` and `aria-describedby`. Field names are paths
 * in the request body with dots (`customer.taxNumber`), so zod's paths and the server's match.
 * The texts come from the shop's `account` and `feedback` messages (admin-sections loads them).
 */
export interface FieldErrors {
  /** The field's message, if it has one. */
  message: (name: string) => string | undefined;
  /** Spread into a TextField; `helper` is shown while the field has no error. */
  props: (name: string, helper?: string) => { error: boolean; helperText?: string | undefined };
  /** Forgets one field's error (on change) or all of them. */
  clear: (name?: string) => void;
  /**
   * Shows the issues of a failed zod parse under their fields; true when any was shown. `input` is
   * what was parsed (it tells e.g. which part of a tax number is wrong).
   */
  fromZod: (error: Pick<ZodError, 'issues'>, input?: unknown) => boolean;
  /** Shows a server error under its field; false when it names no field of this form. */
  fromApi: (error: unknown) => boolean;
  /** True while any field has an error. */
  any: boolean;
  /** Grows each time errors are shown, so the dialog can move the focus to the first one. */
  shown: number;
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
}

/** `body.customer.taxNumber` → `customer.taxNumber`; zod's `['billing', 'zip']` → `billing.zip`. */
export function fieldPath(path: string | readonly PropertyKey[]): string {
  const text = typeof path === 'string' ? path : path.map(String).join('.');
  return text.replace(/^(body|query|params)\.?/, '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
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

/** What a field's error is, kept untranslated so it follows the language and late message files. */
type Problem = { key: string; value: unknown } | { api: unknown };

export function useFieldErrors(options: FieldErrorOptions = {}): FieldErrors {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  const [shown, setShown] = useState(0);
  const { labels, limits, fieldOfCode, fields, messages } = options;

  const text = (name: string, problem: Problem): string => {
    if ('api' in problem) {
      const found = fieldOfApiError(problem.api);
      return found?.code === 'ERR_VALIDATION' ? t('validation.invalid') : translateError(t, problem.api);
    }
    return (
      messages?.[problem.key] ??
      validationMessage(
        t,
        { message: problem.key },
        { field: labels?.[name] ?? name, limits: limits?.[name] ?? {}, value: problem.value },
      ) ??
      problem.key
    );
  };

  const fromZod = useCallback((error: Pick<ZodError, 'issues'>, input?: unknown) => {
    const next: Record<string, Problem> = {};
    for (const issue of error.issues) {
      const name = fieldPath(issue.path);
      if (next[name] === undefined) next[name] = { key: issue.message, value: valueAt(input, issue.path) };
    }
    setErrors(next);
    if (Object.keys(next).length === 0) return false;
    setShown((n) => n + 1);
    return true;
  }, []);

  const fromApi = (error: unknown) => {
    const found = fieldOfApiError(error, fieldOfCode);
    if (!found || (fields && !fields.includes(found.field))) return false;
    setErrors({ [found.field]: { api: error } });
    setShown((n) => n + 1);
    return true;
  };

  const message = (name: string) => {
    const problem = errors[name];
    return problem === undefined ? undefined : text(name, problem);
  };
  return {
    message,
    props: (name: string, helper?: string) => {
      const shownText = message(name);
      return shownText === undefined
        ? { error: false, ...(helper === undefined ? {} : { helperText: helper }) }
        : { error: true, helperText: shownText };
    },
    clear: (name?: string) =>
      setErrors((current) => {
        if (name === undefined) return Object.keys(current).length === 0 ? current : {};
        if (current[name] === undefined) return current;
        const { [name]: _dropped, ...rest } = current;
        return rest;
      }),
    fromZod,
    fromApi,
    any: Object.keys(errors).length > 0,
    shown,
  };
}
