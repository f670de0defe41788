import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors as FormErrors,
  type FieldValues,
  type Path,
  type RefCallBack,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { combineResolvers } from '../../lib/form-validation';
import { useFieldErrors, type FieldErrorOptions, type FieldErrors } from './field-errors';

/** A rule the contract cannot check (e.g. a chosen file): the body path and a message key. */
export interface ExtraIssue {
  path: PropertyKey[];
  message: string;
}

export interface AdminFormOptions<Draft extends FieldValues, Body> {
  /** The request body of the form's values (trimmed texts, numbers, nulls for empty fields). */
  toBody: (draft: Draft) => Body;
  /** The shared contract of the body; a function when it depends on the moment (create or change). */
  schema?: ZodType | (() => ZodType);
  /** More contracts over the same body, so their rules show together with the main one's. */
  alsoCheck?: (draft: Draft) => ZodType[];
  /** Rules the contracts cannot check, as issues with message keys. */
  extraIssues?: (draft: Draft) => ExtraIssue[];
  /** Labels, limits and code→field mapping for the field errors. */
  fieldErrors?: FieldErrorOptions;
  defaultValues?: DefaultValues<Draft>;
}

export interface AdminForm<Draft extends FieldValues, Body> {
  form: UseFormReturn<Draft, unknown, Body>;
  errors: FieldErrors;
  /** A submit handler: `onValid` gets the checked body; otherwise every error shows at once. */
  onSubmit: (onValid: (body: Body, draft: Draft) => void) => () => void;
  /**
   * A text field bound to the form (spread into a MUI TextField): its error (at `errorName`, the
   * body path, when it differs from the field's name) goes when it changes.
   */
  bind: (
    name: Path<Draft>,
    errorName?: string,
  ) => Omit<UseFormRegisterReturn, 'ref'> & { inputRef: RefCallBack };
}

/**
 * A back-office form on react-hook-form: the values are the form's draft, the resolver is
 * zodResolver with the shared contract applied to the request body the draft makes, so every
 * problem shows under its field at the same time, and the server's field errors join them.
 */
export function useAdminForm<Draft extends FieldValues, Body>(
  options: AdminFormOptions<Draft, Body>,
): AdminForm<Draft, Body> {
  // The body last checked: its values tell the messages more (e.g. which part of a tax number).
  const [checked, setChecked] = useState<unknown>(undefined);

  // useForm takes its options again at every render, so the resolver sees the current ones.
  const { toBody, schema, alsoCheck, extraIssues } = options;
  const resolver: Resolver<Draft, unknown, Body> = async (values, context, resolveOptions) => {
    const body = toBody(values);
    setChecked(body);
    const onBody =
      (check: ZodType): Resolver<Draft, unknown, Body> =>
      (_values, ctx, opts) =>
        // raw: the body as the draft made it is sent (the server parses it with the same contract;
        // a contract's output, e.g. transformed fields, is not what it takes as input).
        zodResolver(check as ZodType<Body, FieldValues>, undefined, { raw: true })(body as FieldValues, ctx, {
          ...opts,
          fields: {},
          shouldUseNativeValidation: false,
        }) as ReturnType<Resolver<Draft, unknown, Body>>;
    const extra = ((draft: Draft) => {
      const errors: Record<string, FieldError> = {};
      for (const issue of extraIssues?.(draft) ?? []) {
        const name = issue.path.map(String).join('.');
        if (get(errors, name) === undefined) set(errors, name, { type: 'custom', message: issue.message });
      }
      return { values: draft, errors: errors as FormErrors<Draft> };
    }) as unknown as Resolver<Draft, unknown, unknown>;
    const main = schema
      ? onBody(typeof schema === 'function' ? schema() : schema)
      : ((() => ({ values: body, errors: {} })) as Resolver<Draft, unknown, Body>);
    return combineResolvers(main, ...(alsoCheck?.(values) ?? []).map(onBody), extra)(
      values,
      context,
      resolveOptions,
    );
  };

  const form = useForm<Draft, unknown, Body>({
    resolver,
    // A field's error goes when it changes and the next submit checks again (not at every key).
    reValidateMode: 'onSubmit',
    // The dialog or card moves the focus (useFocusFirstInvalid): also to errors kept under a body
    // path that no field is named after, and without scrolling the field's label out of view.
    shouldFocusError: false,
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
  });
  const errors = useFieldErrors(form, {
    valueOf: (name) => get(checked, name) as unknown,
    ...options.fieldErrors,
  });
  return {
    form,
    errors,
    bind: (name, errorName = name) => {
      const { ref, ...rest } = form.register(name, { onChange: () => errors.clear(errorName) });
      return { ...rest, inputRef: ref };
    },
    onSubmit: (onValid) => () =>
      void form.handleSubmit(
        (body) => onValid(body, form.getValues()),
        () => errors.showed(),
      )(),
  };
}
