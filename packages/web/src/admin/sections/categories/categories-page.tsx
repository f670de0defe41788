import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory, CategoryInput } from '@shop/shared/contracts/admin-catalogue';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SectionHeading } from '../../components/section-heading';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  slug: string;
  parentId: string;
  sortOrder: string;
  names: Record<Language, string>;
}

/** Categories (main categories and their subcategories) with a name in every language. */
export default function CategoriesPage() {
  const { t, ready } = useAdminMessages('admin-categories', loaders);
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => api.get<{ items: AdminCategory[] }>('/admin/catalogue/categories', { signal }),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CategoryInput }) =>
      id === null
        ? api.post<AdminCategory>('/admin/catalogue/categories', body, { retry: false })
        : api.put<AdminCategory>(`/admin/catalogue/categories/${id}`, body, { retry: false }),
    onSuccess: (saved) => {
      toast.done('admin-categories:saved', { slug: saved.slug });
      setEditing(null);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/catalogue/categories/${id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-categories:deleted', { slug: deleting?.slug ?? '' });
      setDeleting(null);
      refresh();
    },
    onError: (error) => {
      toast.apiError(error);
      setDeleting(null);
    },
  });

  if (!ready) return null;

  const items = categories.data?.items ?? [];
  const nameOf = (c: AdminCategory | undefined) =>
    c
      ? (c.translations.find((tr) => tr.language === language)?.name ?? c.translations[0]?.name ?? c.slug)
      : '';
  const byId = new Map(items.map((c) => [c.id, c]));
  // Main categories first, each followed by its subcategories.
  const ordered = items
    .filter((c) => c.parentId === null)
    .flatMap((main) => [main, ...items.filter((c) => c.parentId === main.id)]);
  const rows = ordered.slice(page * pageSize, page * pageSize + pageSize);
  const draftOf = (c: AdminCategory | null): Draft => ({
    slug: c?.slug ?? '',
    parentId: c?.parentId ? String(c.parentId) : '',
    sortOrder: String(c?.sortOrder ?? 0),
    names: Object.fromEntries(
      LANGUAGES.map((l) => [l, c?.translations.find((tr) => tr.language === l)?.name ?? '']),
    ) as Record<Language, string>,
  });

  const columns: DataTableColumn<AdminCategory>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      render: (row) => (row.parentId === null ? <strong>{nameOf(row)}</strong> : `— ${nameOf(row)}`),
    },
    { id: 'slug', header: t('columns.slug'), hideBelow: 'sm', render: (row) => <code>{row.slug}</code> },
    {
      id: 'parent',
      header: t('columns.parent'),
      hideBelow: 'md',
      render: (row) => nameOf(byId.get(row.parentId ?? -1)) || '—',
    },
    { id: 'products', header: t('columns.products'), align: 'right', render: (row) => row.productCount },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setEditing({ id: row.id, draft: draftOf(row) })}
            aria-label={t('editFor', { name: nameOf(row) })}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { name: nameOf(row) })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];

  const draft = editing?.draft;
  const setDraft = (changes: Partial<Draft>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...changes } } : e));
  const submit = () => {
    if (!editing) return;
    const d = editing.draft;
    save.mutate({
      id: editing.id,
      body: {
        slug: d.slug.trim(),
        parentId: d.parentId === '' ? null : Number(d.parentId),
        sortOrder: Number(d.sortOrder) || 0,
        translations: LANGUAGES.map((l) => ({ language: l, name: d.names[l].trim() })),
      },
    });
  };

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ id: null, draft: draftOf(null) })}
          >
            {t('new')}
          </Button>
        }
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={categories.data ? rows : undefined}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={ordered.length}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        loading={categories.isFetching}
        error={categories.error}
      />
      {draft ? (
        <FormDialog
          open
          title={editing?.id === null ? t('newTitle') : t('editTitle')}
          busy={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {LANGUAGES.map((l) => (
            <TextField
              key={l}
              label={t('fields.name', { language: l.toUpperCase() })}
              value={draft.names[l]}
              onChange={(e) => setDraft({ names: { ...draft.names, [l]: e.target.value } })}
              required
            />
          ))}
          <TextField
            label={t('fields.slug')}
            helperText={t('slugHelp')}
            value={draft.slug}
            onChange={(e) => setDraft({ slug: e.target.value })}
            required
          />
          <TextField
            select
            label={t('fields.parent')}
            value={draft.parentId}
            onChange={(e) => setDraft({ parentId: e.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('mainCategory')}</MenuItem>
            {items
              .filter((c) => c.parentId === null && c.id !== editing?.id)
              .map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {nameOf(c)}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            label={t('fields.sortOrder')}
            value={draft.sortOrder}
            onChange={(e) => setDraft({ sortOrder: e.target.value })}
            inputMode="numeric"
          />
        </FormDialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: nameOf(deleting ?? undefined) })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
