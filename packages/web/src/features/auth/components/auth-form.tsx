import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * The form of an account dialog (login, forgotten password, registration): its rules switch on at
 * the first submit and then follow every change.
 */
export function useAuthForm<Values extends FieldValues, Output>(
  resolver: Resolver<Values, unknown, Output>,
  defaultValues: DefaultValues<Values>,
): UseFormReturn<Values, unknown, Output> {
  return useForm<Values, unknown, Output>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/** The dialog's form element: a column of fields that submits the valid values to `onValid`. */
export function AuthFormStack<Values extends FieldValues, Output>({
  form,
  onValid,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  onValid: SubmitHandler<Output>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      sx={{ pt: 1 }}
    >
      {children}
    </Stack>
  );
}

/**
 * The error of a failed attempt (`attempt`: the mutation's submittedAt): a new alert for every
 * failed attempt, so the same message is announced again.
 */
export function AttemptErrorAlert({ attempt, children }: { attempt: number; children: ReactNode }) {
  return (
    <Alert key={attempt} severity="error" role="alert">
      {children}
    </Alert>
  );
}
