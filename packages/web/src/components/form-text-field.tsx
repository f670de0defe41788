import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { validationMessage, type LengthLimits } from '../lib/form-validation';

export interface FormTextFieldProps<T extends FieldValues> extends Omit<
  TextFieldProps,
  'name' | 'label' | 'error' | 'helperText' | 'value' | 'onChange' | 'type'
> {
  control: Control<T, unknown, unknown>;
  name: FieldPath<T>;
  label: string;
  /** The schema's length limits, for the length messages. */
  limits?: LengthLimits;
  /** Help shown under the field while it has no error (e.g. the expected format). */
  hint?: string;
  type?: 'text' | 'email' | 'tel';
  /** A password field with a show/hide toggle. */
  password?: boolean;
  /** Fields checked again when this one changes (once the rules are on), e.g. a confirmation. */
  deps?: FieldPath<T>[];
}

/**
 * A labelled text field bound to react-hook-form. Its error (a translated message of the shared
 * schemas) replaces the hint under the field, is tied to the input with aria-describedby and
 * marks the input aria-invalid.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  limits,
  hint,
  type = 'text',
  password = false,
  deps,
  slotProps,
  ...rest
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : {} });
  const [visible, setVisible] = useState(false);
  const message = validationMessage(t, fieldState.error, { field: label, limits, value: field.value });
  const toggleLabel = visible ? t('auth.hidePassword') : t('auth.showPassword');
  const value: unknown = field.value;

  return (
    <TextField
      {...rest}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      type={password && !visible ? 'password' : password ? 'text' : type}
      error={message !== undefined}
      helperText={message ?? hint}
      fullWidth
      slotProps={{
        ...slotProps,
        input: password
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setVisible((shown) => !shown)}
                    onMouseDown={(event) => event.preventDefault()}
                    edge="end"
                    aria-label={toggleLabel}
                    title={toggleLabel}
                  >
                    {visible ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
