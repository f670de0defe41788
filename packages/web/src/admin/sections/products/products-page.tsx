import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { AdminProductListItem, AdminProductListResponse } from '@shop/shared/contracts/admin-catalogue';
import { formatMoney } from '@shop/shared/format/format';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { NameAndDetail } from '../../components/record-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { ProductDialog } from './product-dialog';
import { usePageQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** Products: search (SKU, name, barcode) and list; a row opens the product's editor. */
export default function ProductsPage() {
  const { t, ready } = useAdminMessages('admin-products', loaders);
  const list = useListParams();
  const active = list.get('active');
  const query = list.query(['q', 'active']);
  const products = usePageQuery<AdminProductListResponse>('products', '/admin/catalogue/products', query);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  if (!ready) return null;

  const columns: DataTableColumn<AdminProductListItem>[] = [
    { id: 'sku', header: t('columns.sku'), render: (row) => row.sku },
    {
      id: 'name',
      header: t('columns.name'),
      render: (row) => <NameAndDetail name={row.name} detail={row.manufacturer} />,
    },
    {
      id: 'price',
      header: t('columns.price'),
      align: 'right',
      render: (row) => (row.price === null ? '—' : formatMoney(row.price, 2)),
    },
    { id: 'stock', header: t('columns.stock'), align: 'right', hideBelow: 'sm', render: (row) => row.stock },
    {
      id: 'waiting',
      header: t('columns.waiting'),
      align: 'right',
      hideBelow: 'sm',
      render: (row) => row.waiting,
    },
    {
      id: 'flags',
      header: t('columns.flags'),
      hideBelow: 'md',
      render: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={row.isActive ? t('flags.active') : t('flags.inactive')}
            color={row.isActive ? 'success' : 'default'}
          />
          {!row.isOrderable ? <Chip size="small" label={t('flags.notOrderable')} /> : null}
          {row.isSeasonal ? <Chip size="small" label={t('flags.seasonal')} /> : null}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Button size="small" onClick={() => setEditing(row.id)} aria-label={t('editFor', { sku: row.sku })}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <SectionHeading title={t('title')} add={{ label: t('new'), onClick: () => setEditing('new') }} />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rowKey={(row) => row.id}
        {...list.table(products)}
        emptyText={t('empty')}
        toolbar={
          <>
            <SearchField label={t('search')} value={list.get('q')} onChange={(q) => list.set({ q })} />
            <TextField
              select
              size="small"
              label={t('filterActive')}
              value={active}
              onChange={(event) => list.set({ active: event.target.value })}
              sx={{ minWidth: 180 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('filter.all')}</MenuItem>
              <MenuItem value="true">{t('filter.active')}</MenuItem>
              <MenuItem value="false">{t('filter.inactive')}</MenuItem>
            </TextField>
          </>
        }
      />
      {editing !== null ? (
        <ProductDialog
          t={t}
          productId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
