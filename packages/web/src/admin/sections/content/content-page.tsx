import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminContentPage, AdminContentPageSummary } from '@shop/shared/contracts/admin-content';
import { formatDateTime } from '@shop/shared/format/format';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SectionHeading } from '../../components/section-heading';
import {
  draftsToTranslations,
  emptyDrafts,
  type TranslationDrafts,
  TranslationsEditor,
} from './translations-editor';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  id: number | null;
  path: string;
  sortOrder: string;
  drafts: TranslationDrafts;
}

/** Content pages (legal information, how to buy, contact …): path, order and texts per language. */
export default function ContentPagesPage() {
  const { t, ready } = useAdminMessages('admin-content', loaders);
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<AdminContentPageSummary | null>(null);
  const pages = useQuery({
    queryKey: ['admin', 'content-pages'],
    queryFn: ({ signal }) => api.get<AdminContentPageSummary[]>('/admin/content-pages', { signal }),
  });

  const open = async (row: AdminContentPageSummary | null) => {
    setSubmitted(false);
    if (!row) {
      setDraft({ id: null, path: '', sortOrder: '0', drafts: emptyDrafts() });
      return;
    }
    try {
      const full = await api.get<AdminContentPage>(`/admin/content-pages/${row.id}`);
      const drafts = emptyDrafts();
      for (const language of LANGUAGES) {
        const text = full.translations[language];
        if (text) drafts[language] = { ...text };
      }
      setDraft({ id: full.id, path: full.path, sortOrder: String(full.sortOrder), drafts });
    } catch (error) {
      toast.apiError(error);
    }
  };

  const save = useMutation({
    mutationFn: (value: Draft) => {
      const body = {
        path: value.path.trim(),
        sortOrder: Number(value.sortOrder) || 0,
        translations: draftsToTranslations(value.drafts),
      };
      return value.id === null
        ? api.post<AdminContentPage>('/admin/content-pages', body, { retry: false })
        : api.put<AdminContentPage>(`/admin/content-pages/${value.id}`, body, { retry: false });
    },
    onSuccess: () => {
      toast.done('admin-content:saved');
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'content-pages'] });
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (row: AdminContentPageSummary) =>
      api.delete<{ ok: true }>(`/admin/content-pages/${row.id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-content:deleted');
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'content-pages'] });
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;
  const rows = pages.data ?? [];
  const columns: DataTableColumn<AdminContentPageSummary>[] = [
    { id: 'title', header: t('columns.title'), render: (row) => row.title },
    {
      id: 'path',
      header: t('columns.path'),
      render: (row) => (
        <Link
          href={`/${row.path}`}
          target="_blank"
          rel="noopener"
          onClick={(event) => event.stopPropagation()}
        >
          /{row.path}
        </Link>
      ),
    },
    {
      id: 'languages',
      header: t('columns.languages'),
      hideBelow: 'sm',
      render: (row) => row.languages.map((l) => l.toUpperCase()).join(', '),
    },
    {
      id: 'order',
      header: t('columns.sortOrder'),
      hideBelow: 'md',
      align: 'right',
      render: (row) => row.sortOrder,
    },
    {
      id: 'updated',
      header: t('columns.updatedAt'),
      hideBelow: 'md',
      render: (row) => formatDateTime(row.updatedAt),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => void open(row)} aria-label={t('editFor', { name: row.title })}>
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={(event) => {
              event.stopPropagation();
              setDeleting(row);
            }}
            aria-label={t('deleteFor', { name: row.title })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  const pathValid = draft
    ? /^[\p{Ll}\p{Lo}\p{N}]+(?:[-_/][\p{Ll}\p{Lo}\p{N}]+)*$/u.test(draft.path.trim())
    : true;
  const titleMissing = draft ? draft.drafts.hu.title.trim() === '' : false;

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => void open(null)}>
            {t('create')}
          </Button>
        }
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows.slice(page * pageSize, page * pageSize + pageSize)}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={rows.length}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        loading={pages.isFetching}
        error={pages.error}
        emptyText={t('empty')}
      />
      <FormDialog
        open={draft !== null}
        title={draft?.id === null ? t('createTitle') : t('editTitle')}
        maxWidth="md"
        busy={save.isPending}
        onClose={() => setDraft(null)}
        onSubmit={() => {
          setSubmitted(true);
          if (draft && pathValid && !titleMissing) save.mutate(draft);
        }}
      >
        {draft ? (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('fields.path')}
                value={draft.path}
                onChange={(event) => setDraft({ ...draft, path: event.target.value.toLowerCase() })}
                required
                error={submitted && !pathValid}
                helperText={t('fields.pathHelp')}
                sx={{ flexGrow: 1 }}
                slotProps={{ htmlInput: { maxLength: 255 } }}
              />
              <TextField
                label={t('fields.sortOrder')}
                type="number"
                value={draft.sortOrder}
                onChange={(event) => setDraft({ ...draft, sortOrder: event.target.value })}
                sx={{ width: { sm: 160 } }}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
            </Stack>
            <TranslationsEditor
              t={t}
              drafts={draft.drafts}
              onChange={(drafts) => setDraft({ ...draft, drafts })}
              titleError={submitted && titleMissing}
            />
          </>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.title, path: deleting?.path })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
