import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { FieldErrors } from './field-errors';

/**
 * A MUI TextField (also `select`) bound to a react-hook-form field with `Controller`: its error
 * (at `errorName`, the request-body path, when it differs from the field's name) shows under it
 * and goes when the value changes.
 */
type FormTextFieldProps<Values extends FieldValues> = {
  control: Control<Values, unknown, unknown>;
  name: Path<Values>;
  errors: FieldErrors;
  errorName?: string;
  helper?: string;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>;

export function FormTextField<Values extends FieldValues>({
  control,
  name,
  errors,
  errorName = name,
  helper,
  ...props
}: FormTextFieldProps<Values>) {
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

/** A {@link FormTextField} select of `options`, after `empty` (the value '') when it is given. */
export function FormSelectField<Values extends FieldValues>({
  empty,
  options,
  ...props
}: Omit<FormTextFieldProps<Values>, 'select' | 'children'> & {
  empty?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormTextField {...props} select>
      {empty === undefined ? null : <MenuItem value="">{empty}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
