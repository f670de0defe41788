import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CustomerListItem } from '@shop/shared/contracts/admin-customers';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import { useAdminCommonMessages, useAdminMessages } from '../../admin-i18n';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { customerMessages } from './messages';
import { CreateAccountDialog } from './create-account-dialog';
import { usePageQuery } from '../../components/use-admin-query';

/** Customers and agents: search, kind filter, paging; a new account from the dialog. */
export function CustomerList() {
  const { t, ready } = useAdminMessages('admin-customers', customerMessages);
  const { t: common } = useAdminCommonMessages();
  const navigate = useNavigate();
  const list = useListParams();
  const query = list.query(['q', 'kind']);
  const accounts = usePageQuery<AdminPage<CustomerListItem>>('customers', '/admin/customers', query);
  const [creating, setCreating] = useState(false);
  if (!ready) return null;
  const columns: DataTableColumn<CustomerListItem>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      render: (row) => (
        <Button
          size="small"
          sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
          onClick={() => void navigate(`/admin/customers/${row.userId}`)}
        >
          {row.customerName ?? row.name}
        </Button>
      ),
    },
    { id: 'email', header: t('columns.email'), render: (row) => row.email },
    {
      id: 'kind',
      header: t('columns.kind'),
      render: (row) => <Chip size="small" label={t(`kinds.${row.role}`)} />,
    },
    { id: 'agent', header: t('columns.agent'), hideBelow: 'md', render: (row) => row.agentName ?? '—' },
    {
      id: 'pricing',
      header: t('columns.pricing'),
      hideBelow: 'md',
      render: (row) =>
        row.role === 'customer'
          ? `${row.priceGroup ?? '—'} · ${((row.discountBp ?? 0) / 100).toLocaleString('hu-HU')} %`
          : '—',
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) =>
        row.isDisabled
          ? common('common.disabled')
          : !row.isActive
            ? t('status.pending')
            : row.mustChangePassword
              ? t('status.mustChange')
              : common('common.enabled'),
    },
  ];
  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{ label: t('createTitle'), onClick: () => setCreating(true) }}
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rowKey={(row) => row.userId}
        {...list.table(accounts)}
        toolbar={
          <>
            <SearchField label={t('search')} value={list.get('q')} onChange={(q) => list.set({ q })} />
            <TextField
              select
              size="small"
              label={t('kind')}
              value={list.get('kind')}
              onChange={(event) => list.set({ kind: event.target.value })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{common('common.all')}</MenuItem>
              <MenuItem value="customer">{t('kinds.customer')}</MenuItem>
              <MenuItem value="agent">{t('kinds.agent')}</MenuItem>
            </TextField>
          </>
        }
      />
      {creating ? <CreateAccountDialog t={t} onClose={() => setCreating(false)} /> : null}
    </Box>
  );
}

/** Customers and agents: search, create with a generated password, and each account's page. */
