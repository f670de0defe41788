import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import type { CustomerListItem } from '@shop/shared/contracts/admin-customers';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-language-names';
import { useAdminApi } from '../../admin-api';
import { useAdminCommonMessages, useAdminMessages, type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { CustomerDetailPage } from './customer-detail';

import { customerMessages } from './messages';

interface NewAccount {
  role: 'customer' | 'agent';
  email: string;
  name: string;
  phone: string;
  language: string;
  customerName: string;
  isCompany: boolean;
  taxNumber: string;
  zip: string;
  city: string;
  aptSuite: string;
  country: string;
}

const EMPTY: NewAccount = {
  role: 'customer',
  email: '',
  name: '',
  phone: '',
  language: 'hu',
  customerName: '',
  isCompany: true,
  taxNumber: '',
  zip: '',
  city: '',
  aptSuite: '',
  country: 'Magyarország',
};

function CreateAccountDialog({ t, onClose }: { t: AdminT; onClose: () => void }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<NewAccount>(EMPTY);
  const [touched, setTouched] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      api.post<{ userId: number; mailSent: boolean }>(
        '/admin/customers',
        draft.role === 'agent'
          ? {
              role: 'agent',
              email: draft.email,
              name: draft.name,
              phone: draft.phone,
              language: draft.language,
            }
          : {
              role: 'customer',
              email: draft.email,
              name: draft.name,
              phone: draft.phone,
              language: draft.language,
              customer: {
                name: draft.customerName || draft.name,
                isCompany: draft.isCompany,
                taxNumber: draft.taxNumber || null,
                billing: {
                  country: draft.country,
                  countryCode: null,
                  zip: draft.zip,
                  city: draft.city,
                  aptSuite: draft.aptSuite,
                },
              },
            },
        { retry: false },
      ),
    onSuccess: (result) => {
      toast.done(result.mailSent ? 'admin-customers:created' : 'admin-customers:createdNoMail', {
        email: draft.email,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
      onClose();
      void navigate(`/admin/customers/${result.userId}`);
    },
    onError: (error) => toast.apiError(error),
  });
  const field = (key: keyof NewAccount, label: string, required = true, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={draft[key] as string}
      required={required}
      error={touched && required && !(draft[key] as string).trim()}
      helperText={touched && required && !(draft[key] as string).trim() ? t('required') : undefined}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );
  const submit = () => {
    setTouched(true);
    const required: (keyof NewAccount)[] = ['email', 'name', 'phone'];
    if (draft.role === 'customer') required.push('zip', 'city', 'aptSuite', 'country');
    if (required.some((key) => !(draft[key] as string).trim())) return;
    create.mutate();
  };
  return (
    <FormDialog
      open
      title={t('createTitle')}
      submitLabel={t('createSubmit')}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label={t('kind')}
        value={draft.role}
        onChange={(event) => setDraft({ ...draft, role: event.target.value as NewAccount['role'] })}
      >
        <MenuItem value="customer">{t('kinds.customer')}</MenuItem>
        <MenuItem value="agent">{t('kinds.agent')}</MenuItem>
      </TextField>
      {field('email', t('fields.email'), true, 'email')}
      {field('name', t('fields.contactName'))}
      {field('phone', t('fields.phone'), true, 'tel')}
      <TextField
        select
        label={t('fields.language')}
        value={draft.language}
        onChange={(event) => setDraft({ ...draft, language: event.target.value })}
      >
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {NATIVE_LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </TextField>
      {draft.role === 'customer' ? (
        <>
          {field('customerName', t('fields.customerName'), false)}
          <FormControlLabel
            control={
              <Switch
                checked={draft.isCompany}
                onChange={(event) => setDraft({ ...draft, isCompany: event.target.checked })}
              />
            }
            label={t('fields.isCompany')}
          />
          {field('taxNumber', t('fields.taxNumber'), false)}
          {field('zip', t('fields.zip'))}
          {field('city', t('fields.city'))}
          {field('aptSuite', t('fields.aptSuite'))}
          {field('country', t('fields.country'))}
        </>
      ) : null}
      <Box sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {t(draft.role === 'customer' ? 'createHelp' : 'createHelpAgent')}
      </Box>
    </FormDialog>
  );
}

function CustomerList() {
  const { t, ready } = useAdminMessages('admin-customers', customerMessages);
  const { t: common } = useAdminCommonMessages();
  const api = useAdminApi();
  const navigate = useNavigate();
  const list = useListParams();
  const query = list.query(['q', 'kind']);
  const accounts = useQuery({
    queryKey: ['admin', 'customers', query],
    queryFn: ({ signal }) => api.get<AdminPage<CustomerListItem>>('/admin/customers', { query, signal }),
    placeholderData: keepPreviousData,
  });
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
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t('createTitle')}
          </Button>
        }
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rows={accounts.data?.items}
        rowKey={(row) => row.userId}
        page={list.tablePage}
        pageSize={list.pageSize}
        total={accounts.data?.total ?? 0}
        onPageChange={list.onPageChange}
        onPageSizeChange={list.onPageSizeChange}
        loading={accounts.isFetching}
        error={accounts.error}
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
export default function CustomersPage() {
  return (
    <Routes>
      <Route index element={<CustomerList />} />
      <Route path=":userId" element={<CustomerDetailPage />} />
    </Routes>
  );
}
