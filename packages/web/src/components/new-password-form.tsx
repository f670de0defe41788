import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema } from '@shop/shared/contracts/users';
import { combineResolvers, lengthLimits } from '../lib/form-validation';
import { toastStore, useToast } from '../lib/toast-store';
import { FormTextField } from './form-text-field';

const fieldsSchema = z.object({
  newPassword: passwordSchema,
  verifyPassword: z.string().min(1, { error: 'required', abort: true }),
});

/** The verify field equals the new password (checked once the rules are on). */
const sameSchema = z
  .object({ newPassword: z.string(), verifyPassword: z.string() })
  .refine((values) => values.verifyPassword === '' || values.verifyPassword === values.newPassword, {
    path: ['verifyPassword'],
    message: 'password_mismatch',
  });

type NewPasswordValues = z.input<typeof fieldsSchema>;

const resolver = combineResolvers<NewPasswordValues, z.output<typeof fieldsSchema>>(
  zodResolver(fieldsSchema),
  zodResolver(sameSchema),
);

const limits = lengthLimits(passwordSchema);

export interface NewPasswordFormProps {
  /** Sends the new password; rejects when the server refuses it (the caller shows why). */
  onSubmit: (password: string) => Promise<void>;
  submitLabel: string;
  /** After a success the fields are emptied and the rules switch off again (change password). */
  clearOnSuccess?: boolean;
  autoFocus?: boolean;
}

/**
 * New password and its verification, each with a show/hide toggle (docs/product.md §§2, 4 and 5):
 * 6 to 128 characters, the two equal. The rules switch on at the first submit and then follow
 * every change. The form's validity starts true, turns false on a submit and returns to true when
 * the server rejects the password; an invalid form shows the form-validation toast.
 */
export function NewPasswordForm({
  onSubmit,
  submitLabel,
  clearOnSuccess = false,
  autoFocus = false,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [valid, setValid] = useState(true);
  const invalidToast = useRef<number | null>(null);
  const form = useForm<NewPasswordValues, unknown, z.output<typeof fieldsSchema>>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { newPassword: '', verifyPassword: '' },
  });

  const dismissInvalidToast = () => {
    if (invalidToast.current !== null) toastStore.dismiss(invalidToast.current);
    invalidToast.current = null;
  };

  const onValid = async (values: z.output<typeof fieldsSchema>) => {
    dismissInvalidToast();
    setValid(false);
    try {
      await onSubmit(values.newPassword);
    } catch {
      setValid(true);
      return;
    }
    if (clearOnSuccess) {
      form.reset();
      setValid(true);
    }
  };
  const onInvalid = () => {
    invalidToast.current = toast.error('toasts.form_validation');
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
    >
      <FormTextField
        control={form.control}
        name="newPassword"
        deps={['verifyPassword']}
        label={t('password.new')}
        hint={t('password.lengthHint', { min: limits.min, max: limits.max })}
        limits={limits}
        password
        required
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FormTextField
        control={form.control}
        name="verifyPassword"
        label={t('password.verify')}
        password
        required
        autoComplete="new-password"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!valid}
        sx={{ alignSelf: 'flex-start' }}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}
