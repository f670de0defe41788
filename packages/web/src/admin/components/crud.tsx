import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ZodIssue, ZodType } from 'zod';
import { useAdminApi } from '../admin-api';
import type { AdminT } from '../admin-i18n';
import { useAdminToast } from './admin-toast';
import { ConfirmDialog } from './confirm-dialog';
import type { DataTableColumn } from './data-table';
import { useFieldErrors, type FieldErrorOptions, type FieldErrors } from './field-errors';
import { FormDialog, type FormDialogProps } from './form-dialog';

/** A namespaced admin text key and its parameters, e.g. `['admin-categories:saved', { slug }]`. */
export type ToastText = readonly [key: string, params?: Record<string, string | number>];

export interface AdminCrudOptions<Row, Draft, Body, Saved> {
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
  extraIssues?: (draft: Draft, id: number | string | null) => { path: PropertyKey[]; message: string }[];
  /** Sends the save itself (default: POST to `path`, PUT to `path/id`). */
  send?: (id: number | string | null, body: Body, draft: Draft) => Promise<Saved>;
}

export interface AdminCrud<Row, Draft> {
  /** The record being edited (`id` null: a new one), or null while the dialog is closed. */
  editing: { id: number | string | null; draft: Draft } | null;
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
 * The create/edit/delete cycle of a back-office list: a draft in a dialog, checked with the shared
 * contract, saved with POST or PUT, deleted after a confirmation; success and failure as toasts,
 * failures that concern a field (client or server) under that field instead.
 */
export function useAdminCrud<Row, Draft, Body, Saved = Row>(
  options: AdminCrudOptions<Row, Draft, Body, Saved>,
): AdminCrud<Row, Draft> {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const errors = useFieldErrors(options.fieldErrors);
  const [editing, setEditing] = useState<AdminCrud<Row, Draft>['editing']>(null);
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
      setEditing(null);
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
    edit: (id, draft) => {
      errors.clear();
      setEditing({ id, draft });
    },
    load: async (id, draft) => {
      try {
        const loaded = await draft();
        errors.clear();
        setEditing({ id, draft: loaded });
      } catch (error) {
        toast.apiError(error);
      }
    },
    setDraft: (changes) => {
      for (const key of Object.keys(changes)) errors.clear(key);
      setEditing((current) => (current ? { ...current, draft: { ...current.draft, ...changes } } : current));
    },
    close: () => setEditing(null),
    submit: () => {
      if (!editing) return;
      const body = options.toBody(editing.draft);
      const issues = [
        ...((typeof options.schema === 'function' ? options.schema(editing.id) : options.schema)?.safeParse(
          body,
        ).error?.issues ?? []),
        ...(options.extraIssues?.(editing.draft, editing.id) ?? []),
      ];
      if (issues.length > 0) {
        errors.fromZod({ issues: issues as ZodIssue[] }, body);
        return;
      }
      errors.clear();
      save.mutate({ id: editing.id, body, draft: editing.draft });
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
export function CrudFormDialog<Row, Draft>({
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

/** The delete confirmation of a {@link useAdminCrud} list. */
export function CrudDeleteDialog<Row, Draft>({
  crud,
  title,
  message,
  confirmLabel,
}: {
  crud: AdminCrud<Row, Draft>;
  title: string;
  message: (row: Row) => ReactNode;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={crud.deleting !== null}
      title={title}
      message={crud.deleting === null ? '' : message(crud.deleting)}
      confirmLabel={confirmLabel}
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
