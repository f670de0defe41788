import Box from '@mui/material/Box';
import { useState } from 'react';
import {
  manufacturerInputSchema,
  type AdminManufacturer,
  type ManufacturerInput,
} from '@shop/shared/contracts/admin-catalogue';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import {
  CrudDeleteDialog,
  CrudFormDialog,
  actionsColumn,
  useAdminCrud,
  useLocalPage,
} from '../../components/crud';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { CrudTextField } from '../../components/crud-text-field';
import { useAdminQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Manufacturers: name and URL slug; one without products can be deleted. */
/** The list's query key, defined once: read by the list and refreshed after each change. */
const MANUFACTURERS_KEY = ['admin', 'manufacturers'];

export default function ManufacturersPage() {
  const { t, ready } = useAdminMessages('admin-manufacturers', loaders);
  const manufacturers = useAdminQuery<{ items: AdminManufacturer[] }>(
    MANUFACTURERS_KEY,
    '/admin/catalogue/manufacturers',
  );
  const crud = useAdminCrud<AdminManufacturer, ManufacturerInput, ManufacturerInput, AdminManufacturer>({
    queryKey: MANUFACTURERS_KEY,
    path: '/admin/catalogue/manufacturers',
    toBody: (draft) => ({ name: draft.name.trim(), slug: draft.slug.trim() }),
    schema: manufacturerInputSchema,
    rowId: (row) => row.id,
    savedText: (saved) => ['admin-manufacturers:saved', { name: saved.name }],
    deletedText: (row) => ['admin-manufacturers:deleted', { name: row.name }],
    fieldErrors: {
      labels: { name: t('fields.name'), slug: t('fields.slug') },
      limits: { name: { max: 255 } },
      messages: { invalid_slug: t('slugHelp') },
      fieldOfCode: { ERR_SLUG_TAKEN: 'slug' },
    },
  });
  const [search, setSearch] = useState('');
  const needle = search.toLowerCase();
  const filtered = manufacturers.data?.items.filter(
    (m) => !needle || m.name.toLowerCase().includes(needle) || m.slug.includes(needle),
  );
  const paged = useLocalPage(filtered);

  if (!ready) return null;

  const columns: DataTableColumn<AdminManufacturer>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    { id: 'slug', header: t('columns.slug'), hideBelow: 'sm', render: (row) => <code>{row.slug}</code> },
    { id: 'products', header: t('columns.products'), align: 'right', render: (row) => row.productCount },
    actionsColumn(t, {
      params: (row) => ({ name: row.name }),
      onEdit: (row) => crud.edit(row.id, { name: row.name, slug: row.slug }),
      onDelete: crud.askDelete,
    }),
  ];

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{ label: t('new'), onClick: () => crud.edit(null, { name: '', slug: '' }) }}
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={paged.rows}
        rowKey={(row) => row.id}
        {...paged.table}
        loading={manufacturers.isFetching}
        error={manufacturers.error}
        toolbar={
          <SearchField
            label={t('search')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              paged.reset();
            }}
          />
        }
      />
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('newTitle') : t('editTitle'))}>
        {() => (
          <>
            <CrudTextField crud={crud} label={t('fields.name')} required name="name" />
            <CrudTextField crud={crud} label={t('fields.slug')} required name="slug" helper={t('slugHelp')} />
          </>
        )}
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={(row) => t('deleteMessage', { name: row.name })} />
    </Box>
  );
}
