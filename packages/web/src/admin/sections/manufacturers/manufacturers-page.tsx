import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminManufacturer, ManufacturerInput } from '@shop/shared/contracts/admin-catalogue';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Manufacturers: name and URL slug; one without products can be deleted. */
export default function ManufacturersPage() {
  const { t, ready } = useAdminMessages('admin-manufacturers', loaders);
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const manufacturers = useQuery({
    queryKey: ['admin', 'manufacturers'],
    queryFn: ({ signal }) =>
      api.get<{ items: AdminManufacturer[] }>('/admin/catalogue/manufacturers', { signal }),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: ManufacturerInput } | null>(null);
  const [deleting, setDeleting] = useState<AdminManufacturer | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'manufacturers'] });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ManufacturerInput }) =>
      id === null
        ? api.post<AdminManufacturer>('/admin/catalogue/manufacturers', body, { retry: false })
        : api.put<AdminManufacturer>(`/admin/catalogue/manufacturers/${id}`, body, { retry: false }),
    onSuccess: (saved) => {
      toast.done('admin-manufacturers:saved', { name: saved.name });
      setEditing(null);
      refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/admin/catalogue/manufacturers/${id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-manufacturers:deleted', { name: deleting?.name ?? '' });
      setDeleting(null);
      refresh();
    },
    onError: (error) => {
      toast.apiError(error);
      setDeleting(null);
    },
  });

  if (!ready) return null;

  const needle = search.toLowerCase();
  const filtered = (manufacturers.data?.items ?? []).filter(
    (m) => !needle || m.name.toLowerCase().includes(needle) || m.slug.includes(needle),
  );
  const columns: DataTableColumn<AdminManufacturer>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    { id: 'slug', header: t('columns.slug'), hideBelow: 'sm', render: (row) => <code>{row.slug}</code> },
    { id: 'products', header: t('columns.products'), align: 'right', render: (row) => row.productCount },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setEditing({ id: row.id, draft: { name: row.name, slug: row.slug } })}
            aria-label={t('editFor', { name: row.name })}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { name: row.name })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  const draft = editing?.draft;
  const setDraft = (changes: Partial<ManufacturerInput>) =>
    setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...changes } } : e));

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing({ id: null, draft: { name: '', slug: '' } })}
          >
            {t('new')}
          </Button>
        }
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={manufacturers.data ? filtered.slice(page * pageSize, page * pageSize + pageSize) : undefined}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={filtered.length}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        loading={manufacturers.isFetching}
        error={manufacturers.error}
        toolbar={
          <SearchField
            label={t('search')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
          />
        }
      />
      {draft ? (
        <FormDialog
          open
          title={editing?.id === null ? t('newTitle') : t('editTitle')}
          busy={save.isPending}
          onSubmit={() =>
            editing &&
            save.mutate({ id: editing.id, body: { name: draft.name.trim(), slug: draft.slug.trim() } })
          }
          onClose={() => setEditing(null)}
        >
          <TextField
            label={t('fields.name')}
            value={draft.name}
            onChange={(e) => setDraft({ name: e.target.value })}
            required
          />
          <TextField
            label={t('fields.slug')}
            helperText={t('slugHelp')}
            value={draft.slug}
            onChange={(e) => setDraft({ slug: e.target.value })}
            required
          />
        </FormDialog>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
