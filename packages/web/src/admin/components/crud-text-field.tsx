import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import type { AdminCrud } from './crud';

/** The names of a draft's text fields (its index signature, if any, left out). */
type TextKey<Draft> = keyof {
  [K in keyof Draft as string extends K ? never : Draft[K] extends string ? K : never]: true;
} &
  string;

/**
 * A MUI TextField (also `select`) bound to one text field of an open {@link AdminCrud} draft: it
 * shows the draft's value, writes changes back with `setDraft`, and shows that field's error
 * (or `helper` while there is none) under it.
 */
export function CrudTextField<Row, Draft extends FieldValues>({
  crud,
  name,
  helper,
  ...props
}: {
  crud: AdminCrud<Row, Draft>;
  name: NoInfer<TextKey<Draft>>;
  helper?: string;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText'>) {
  return (
    <TextField
      {...props}
      value={crud.editing?.draft[name] ?? ''}
      onChange={(e) => crud.setDraft({ [name]: e.target.value } as Partial<Draft>)}
      {...crud.errors.props(name, helper)}
    />
  );
}
