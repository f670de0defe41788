import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useAdminApi } from '../admin-api';
import type { AdminT } from '../admin-i18n';
import { useAdminToast } from './admin-toast';
import { ConfirmDialog } from './confirm-dialog';
import type { DataTableColumn } from './data-table';
import { useAdminForm, type ExtraIssue } from './admin-form';
import type { FieldErrorOptions, FieldErrors } from './field-errors';
import { FormDialog, type FormDialogProps } from './form-dialog';

/** A namespaced admin text key and its parameters, e.g. `['admin-categories:saved', { slug }]`. */
export type ToastText = readonly [key: string, params?: Record<string, string | number>];

export interface AdminCrudOptions<Row, Draft extends FieldValues, Body, Saved> {
  /** The list's query key: invalidated after every change. */
  queryKey: QueryKey;
  /** The collection's path: POST here, PUT/DELETE at `${path}/${id}`. */
  path: string;
  /** The request body of a draft. */
  toBody: (draft: Draft) => Body;
  /**
   * The shared contract of the body: checked before sending, its issues shown under the fields
   * (a function when creating and changing take different contracts).
   */
  schema?: ZodType | ((id: number | string | null) => ZodType);
  rowId: (row: Row) => number | string;
  savedText: (saved: Saved, body: Body) => ToastText;
  deletedText: (row: Row) => ToastText;
  /** Labels, limits and code→field mapping for the field errors. */
  fieldErrors?: FieldErrorOptions;
  /** After a successful save (e.g. to open what was created). */
  onSaved?: (saved: Saved) => void;
  /** Rules the contract cannot check (e.g. a chosen file), as issues with message keys. */
  extraIssues?: (draft: Draft, id: number | string | null) => ExtraIssue[];
  /** Sends the save itself (default: POST to `path`, PUT to `path/id`). */
  send?: (id: number | string | null, body: Body, draft: Draft) => Promise<Saved>;
}

export interface AdminCrud<Row, Draft extends FieldValues> {
  /** The record being edited (`id` null: a new one), or null while the dialog is closed. */
  editing: { id: number | string | null; draft: Draft } | null;
  /** The react-hook-form form holding the draft (for fields bound with `Controller` or `useFieldArray`). */
  form: UseFormReturn<Draft, unknown, unknown>;
  edit: (id: number | string | null, draft: Draft) => void;
  /** Opens the dialog with a draft made from the full record the server sends (a toast if it fails). */
  load: (id: number | string, draft: () => Promise<Draft>) => Promise<void>;
  setDraft: (changes: Partial<Draft>) => void;
  close: () => void;
  submit: () => void;
  saving: boolean;
  deleting: Row | null;
  askDelete: (row: Row) => void;
  cancelDelete: () => void;
  confirmDelete: () => void;
  removing: boolean;
  errors: FieldErrors;
}

/**
 * The create/edit/delete cycle of a back-office list: a draft in a dialog held by react-hook-form
 * (useAdminForm: zodResolver with the shared contract over the request body, every error at once),
 * saved with POST or PUT, deleted after a confirmation; success and failure as toasts, failures
 * that concern a field (client or server) under that field instead.
 */
export function useAdminCrud<Row, Draft extends FieldValues, Body, Saved = Row>(
  options: AdminCrudOptions<Row, Draft, Body, Saved>,
): AdminCrud<Row, Draft> {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<{ id: number | string | null } | null>(null);
  const { form, errors, onSubmit } = useAdminForm<Draft, Body>({
    toBody: options.toBody,
    ...(options.schema
      ? {
          schema: () =>
            typeof options.schema === 'function' ? options.schema(editingId?.id ?? null) : options.schema!,
        }
      : {}),
    extraIssues: (draft) => options.extraIssues?.(draft, editingId?.id ?? null) ?? [],
    ...(options.fieldErrors ? { fieldErrors: options.fieldErrors } : {}),
  });
  const draft = useWatch({ control: form.control }) as Draft;
  const editing = editingId ? { id: editingId.id, draft } : null;
  const open = (id: number | string | null, values: Draft) => {
    form.reset(values);
    setEditingId({ id });
  };
  const [deleting, setDeleting] = useState<Row | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });

  const save = useMutation({
    mutationFn: ({ id, body, draft }: { id: number | string | null; body: Body; draft: Draft }) =>
      options.send
        ? options.send(id, body, draft)
        : id === null
          ? api.post<Saved>(options.path, body, { retry: false })
          : api.put<Saved>(`${options.path}/${id}`, body, { retry: false }),
    onSuccess: (saved, { body }) => {
      toast.done(...options.savedText(saved, body));
      setEditingId(null);
      refresh();
      options.onSaved?.(saved);
    },
    onError: (error) => {
      if (!errors.fromApi(error)) toast.apiError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (row: Row) => api.delete<unknown>(`${options.path}/${options.rowId(row)}`, { retry: false }),
    onSuccess: (_result, row) => {
      toast.done(...options.deletedText(row));
      setDeleting(null);
      refresh();
    },
    onError: (error) => {
      toast.apiError(error);
      setDeleting(null);
    },
  });

  return {
    editing,
    form: form as unknown as UseFormReturn<Draft, unknown, unknown>,
    edit: open,
    load: async (id, loadDraft) => {
      try {
        open(id, await loadDraft());
      } catch (error) {
        toast.apiError(error);
      }
    },
    setDraft: (changes) => {
      for (const [key, value] of Object.entries(changes)) {
        errors.clear(key);
        form.setValue(key as never, value as never, { shouldDirty: true });
      }
    },
    close: () => setEditingId(null),
    submit: () => {
      if (!editingId) return;
      const id = editingId.id;
      onSubmit((body, values) => save.mutate({ id, body, draft: values }))();
    },
    saving: save.isPending,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (deleting) remove.mutate(deleting);
    },
    removing: remove.isPending,
    errors,
  };
}

/** The dialog of a {@link useAdminCrud} draft; rendered only while a draft is open. */
export function CrudFormDialog<Row, Draft extends FieldValues>({
  crud,
  title,
  children,
  ...rest
}: {
  crud: AdminCrud<Row, Draft>;
  title: (isNew: boolean) => string;
  children: (draft: Draft) => ReactNode;
} & Pick<FormDialogProps, 'maxWidth' | 'submitLabel'>) {
  if (!crud.editing) return null;
  return (
    <FormDialog
      open
      title={title(crud.editing.id === null)}
      busy={crud.saving}
      onSubmit={crud.submit}
      onClose={crud.close}
      fieldErrors={crud.errors}
      {...rest}
    >
      {children(crud.editing.draft)}
    </FormDialog>
  );
}

/**
 * The delete confirmation of a {@link useAdminCrud} list, in a section whose messages have
 * `deleteTitle` and `delete`.
 */
export function CrudDeleteDialog<Row, Draft extends FieldValues>({
  crud,
  t,
  message,
}: {
  crud: AdminCrud<Row, Draft>;
  t: AdminT;
  message: (row: Row) => ReactNode;
}) {
  return (
    <ConfirmDialog
      open={crud.deleting !== null}
      title={t('deleteTitle')}
      message={crud.deleting === null ? '' : message(crud.deleting)}
      confirmLabel={t('delete')}
      danger
      busy={crud.removing}
      onConfirm={crud.confirmDelete}
      onClose={crud.cancelDelete}
    />
  );
}

/** A row's Edit and Delete buttons, each with an accessible name that says which row. */
export function RowActions({
  editText,
  editLabel,
  onEdit,
  deleteText,
  deleteLabel,
  onDelete,
  children,
}: {
  editText?: string;
  editLabel?: string;
  onEdit?: () => void;
  deleteText?: string;
  deleteLabel?: string;
  onDelete?: () => void;
  /** More buttons before Edit. */
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {children}
      {onEdit ? (
        <Button size="small" onClick={onEdit} aria-label={editLabel}>
          {editText}
        </Button>
      ) : null}
      {onDelete ? (
        <Button size="small" color="error" onClick={onDelete} aria-label={deleteLabel}>
          {deleteText}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Paging over a list the server sends whole: the page's rows and the table's paging props. */
export function useLocalPage<Row>(rows: readonly Row[] | undefined, initialPageSize = 25) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    rows: rows?.slice(page * pageSize, page * pageSize + pageSize),
    /** Back to the first page (e.g. when a filter changes). */
    reset: () => setPage(0),
    table: {
      page,
      pageSize,
      total: rows?.length ?? 0,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(0);
      },
    },
  };
}

/**
 * The Actions column of a section whose messages have `columns.actions`, `edit`, `delete`,
 * `editFor` and `deleteFor` (the last two name the row with `params`).
 */
export function actionsColumn<Row>(
  t: AdminT,
  options: {
    params: (row: Row) => Record<string, unknown>;
    onEdit?: (row: Row) => void;
    onDelete?: (row: Row) => void;
    /** More buttons before Edit. */
    extra?: (row: Row) => ReactNode;
  },
): DataTableColumn<Row> {
  const { params, onEdit, onDelete, extra } = options;
  return {
    id: 'actions',
    header: t('columns.actions'),
    align: 'right',
    render: (row) => (
      <RowActions
        editText={t('edit')}
        editLabel={t('editFor', params(row))}
        deleteText={t('delete')}
        deleteLabel={t('deleteFor', params(row))}
        {...(onEdit ? { onEdit: () => onEdit(row) } : {})}
        {...(onDelete ? { onDelete: () => onDelete(row) } : {})}
      >
        {extra?.(row)}
      </RowActions>
    ),
  };
}
