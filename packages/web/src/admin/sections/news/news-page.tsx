import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminNews, AdminNewsSummary } from '@shop/shared/contracts/admin-content';
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
} from '../content/translations-editor';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  id: number | null;
  startsAt: string;
  endsAt: string;
  isActive: boolean;
  skus: string;
  drafts: TranslationDrafts;
}

/** An ISO instant as the value of a datetime-local field (the browser's local time). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}

/** News items: the pop-up the shop shows, with texts per language, a period and linked products. */
export default function NewsPage() {
  const { t, ready } = useAdminMessages('admin-news', loaders);
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<AdminNewsSummary | null>(null);
  const news = useQuery({
    queryKey: ['admin', 'news'],
    queryFn: ({ signal }) => api.get<AdminNewsSummary[]>('/admin/news', { signal }),
  });

  const open = async (row: AdminNewsSummary | null) => {
    setSubmitted(false);
    if (!row) {
      setDraft({ id: null, startsAt: '', endsAt: '', isActive: true, skus: '', drafts: emptyDrafts() });
      return;
    }
    try {
      const full = await api.get<AdminNews>(`/admin/news/${row.id}`);
      const drafts = emptyDrafts();
      for (const language of LANGUAGES) {
        const text = full.translations[language];
        if (text) drafts[language] = { ...text };
      }
      setDraft({
        id: full.id,
        startsAt: toLocalInput(full.startsAt),
        endsAt: toLocalInput(full.endsAt),
        isActive: full.isActive,
        skus: full.products.map((p) => p.sku).join('\n'),
        drafts,
      });
    } catch (error) {
      toast.apiError(error);
    }
  };

  const save = useMutation({
    mutationFn: (value: Draft) => {
      const body = {
        startsAt: fromLocalInput(value.startsAt),
        endsAt: fromLocalInput(value.endsAt),
        isActive: value.isActive,
        translations: draftsToTranslations(value.drafts),
        productSkus: [
          ...new Set(
            value.skus
              .split(/[\s,;]+/)
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ],
      };
      return value.id === null
        ? api.post<AdminNews>('/admin/news', body, { retry: false })
        : api.put<AdminNews>(`/admin/news/${value.id}`, body, { retry: false });
    },
    onSuccess: () => {
      toast.done('admin-news:saved');
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'news'] });
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (row: AdminNewsSummary) =>
      api.delete<{ ok: true }>(`/admin/news/${row.id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-news:deleted');
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'news'] });
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;
  const rows = news.data ?? [];
  const columns: DataTableColumn<AdminNewsSummary>[] = [
    { id: 'title', header: t('columns.title'), render: (row) => row.title },
    {
      id: 'period',
      header: t('columns.period'),
      hideBelow: 'sm',
      render: (row) =>
        `${row.startsAt ? formatDateTime(row.startsAt) : t('always')} – ${row.endsAt ? formatDateTime(row.endsAt) : t('always')}`,
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) => (
        <Chip
          size="small"
          label={row.isActive ? t('active') : t('inactive')}
          color={row.isActive ? 'success' : 'default'}
          variant={row.isActive ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      id: 'languages',
      header: t('columns.languages'),
      hideBelow: 'md',
      render: (row) => row.languages.map((l) => l.toUpperCase()).join(', '),
    },
    {
      id: 'products',
      header: t('columns.products'),
      hideBelow: 'md',
      align: 'right',
      render: (row) => row.productCount,
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
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { name: row.title })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  const titleMissing = draft ? draft.drafts.hu.title.trim() === '' : false;
  const periodBad = draft
    ? draft.startsAt !== '' && draft.endsAt !== '' && draft.startsAt >= draft.endsAt
    : false;

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
        loading={news.isFetching}
        error={news.error}
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
          if (draft && !titleMissing && !periodBad) save.mutate(draft);
        }}
      >
        {draft ? (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('fields.startsAt')}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(event) => setDraft({ ...draft, startsAt: event.target.value })}
                helperText={t('fields.dateHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                label={t('fields.endsAt')}
                type="datetime-local"
                value={draft.endsAt}
                onChange={(event) => setDraft({ ...draft, endsAt: event.target.value })}
                error={submitted && periodBad}
                helperText={t('fields.dateHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isActive}
                  onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })}
                />
              }
              label={t('fields.isActive')}
            />
            <TranslationsEditor
              t={t}
              drafts={draft.drafts}
              onChange={(drafts) => setDraft({ ...draft, drafts })}
              titleError={submitted && titleMissing}
            />
            <TextField
              label={t('fields.products')}
              helperText={t('fields.productsHelp')}
              value={draft.skus}
              onChange={(event) => setDraft({ ...draft, skus: event.target.value })}
              multiline
              minRows={2}
              fullWidth
            />
          </>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.title })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
