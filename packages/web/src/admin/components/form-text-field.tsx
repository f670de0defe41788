import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FieldErrors } from './field-errors';

/**
 * A MUI TextField (also `select`) bound to a react-hook-form field with `Controller`: its error
 * (at `errorName`, the request-body path, when it differs from the field's name) shows under it
 * and goes when the value changes.
 */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  errors,
  errorName = name,
  helper,
  ...props
}: {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  errors: FieldErrors;
  errorName?: string;
  helper?: string;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          fullWidth
          {...props}
          {...errors.props(errorName, helper)}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            errors.clear(errorName);
            field.onChange(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}
