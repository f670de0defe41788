import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffAccount } from '@shop/shared/contracts/admin-accounts';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import { formatDateTime } from '@shop/shared/format/format';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-language-names';
import { useAdminApi } from '../../admin-api';
import { useAdminAuth } from '../../admin-auth-store';
import { messageLoaders, useAdminCommonMessages, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  userId: number | null;
  email: string;
  name: string;
  role: 'admin' | 'staff';
  password: string;
  language: string;
}

const EMPTY: Draft = { userId: null, email: '', name: '', role: 'staff', password: '', language: 'hu' };

/** Staff accounts (administrators only): list, create with a role, change role or password, disable. */
export default function StaffPage() {
  const { t, ready } = useAdminMessages('admin-staff', loaders);
  const { t: common } = useAdminCommonMessages();
  const api = useAdminApi();
  const auth = useAdminAuth();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const list = useListParams();
  const query = list.query(['q']);
  const accounts = useQuery({
    queryKey: ['admin', 'staff', query],
    queryFn: ({ signal }) => api.get<AdminPage<StaffAccount>>('/admin/staff', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const [toggle, setToggle] = useState<StaffAccount | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] });
  const save = useMutation({
    mutationFn: (value: Draft) =>
      value.userId === null
        ? api.post<StaffAccount>(
            '/admin/staff',
            {
              email: value.email,
              name: value.name,
              role: value.role,
              password: value.password,
              language: value.language,
            },
            { retry: false },
          )
        : api.patch<StaffAccount>(
            `/admin/staff/${value.userId}`,
            { name: value.name, role: value.role, ...(value.password ? { password: value.password } : {}) },
            { retry: false },
          ),
    onSuccess: () => {
      toast.done('admin:common.saved');
      setDraft(null);
      void refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const setDisabled = useMutation({
    mutationFn: (account: StaffAccount) =>
      api.patch<StaffAccount>(
        `/admin/staff/${account.userId}`,
        { disabled: !account.isDisabled },
        { retry: false },
      ),
    onSuccess: (account) => {
      toast.done(account.isDisabled ? 'admin-staff:disabledDone' : 'admin-staff:enabledDone', {
        name: account.name,
      });
      setToggle(null);
      void refresh();
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;

  const isNew = draft?.userId === null;
  const invalid = (field: 'email' | 'name' | 'password') => {
    if (!touched || !draft) return false;
    if (field === 'password')
      return isNew ? draft.password.length < 6 : draft.password !== '' && draft.password.length < 6;
    if (field === 'email') return !/^\S+@\S+\.\S+$/.test(draft.email.trim());
    return draft.name.trim() === '';
  };
  const submit = () => {
    setTouched(true);
    if (
      !draft ||
      (isNew && invalid('email')) ||
      draft.name.trim() === '' ||
      (isNew ? draft.password.length < 6 : draft.password !== '' && draft.password.length < 6)
    )
      return;
    save.mutate(draft);
  };

  const columns: DataTableColumn<StaffAccount>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    { id: 'email', header: t('columns.email'), render: (row) => row.email },
    {
      id: 'role',
      header: t('columns.role'),
      render: (row) => (
        <Chip
          size="small"
          label={common(`roles.${row.role}`)}
          color={row.role === 'admin' ? 'secondary' : 'default'}
        />
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) => (row.isDisabled ? common('common.disabled') : common('common.enabled')),
    },
    {
      id: 'created',
      header: t('columns.created'),
      hideBelow: 'md',
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      id: 'actions',
      header: common('common.actions'),
      align: 'right',
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => {
              setTouched(false);
              setDraft({
                userId: row.userId,
                email: row.email,
                name: row.name,
                role: row.role,
                password: '',
                language: row.language,
              });
            }}
            aria-label={t('editFor', { name: row.name })}
          >
            {common('common.edit')}
          </Button>
          {row.userId !== auth?.session.userId ? (
            <Button
              size="small"
              color={row.isDisabled ? 'primary' : 'error'}
              onClick={() => setToggle(row)}
              aria-label={t(row.isDisabled ? 'enableFor' : 'disableFor', { name: row.name })}
            >
              {t(row.isDisabled ? 'enable' : 'disable')}
            </Button>
          ) : null}
        </Box>
      ),
    },
  ];

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{
          label: t('create'),
          onClick: () => {
            setTouched(false);
            setDraft(EMPTY);
          },
        }}
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rowKey={(row) => row.userId}
        {...list.table(accounts)}
        toolbar={<SearchField label={t('search')} value={list.get('q')} onChange={(q) => list.set({ q })} />}
      />
      <FormDialog
        open={draft !== null}
        title={isNew ? t('create') : t('edit')}
        busy={save.isPending}
        onSubmit={submit}
        onClose={() => setDraft(null)}
      >
        {draft ? (
          <>
            <TextField
              label={t('columns.email')}
              type="email"
              value={draft.email}
              disabled={!isNew}
              required
              error={isNew && invalid('email')}
              helperText={isNew && invalid('email') ? t('invalidEmail') : undefined}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
            <TextField
              label={t('columns.name')}
              value={draft.name}
              required
              error={invalid('name')}
              helperText={invalid('name') ? t('required') : undefined}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
            <TextField
              select
              label={t('columns.role')}
              value={draft.role}
              onChange={(event) => setDraft({ ...draft, role: event.target.value as Draft['role'] })}
              helperText={t(`roleHelp.${draft.role}`)}
            >
              <MenuItem value="staff">{common('roles.staff')}</MenuItem>
              <MenuItem value="admin">{common('roles.admin')}</MenuItem>
            </TextField>
            {isNew ? (
              <TextField
                select
                label={t('language')}
                value={draft.language}
                onChange={(event) => setDraft({ ...draft, language: event.target.value })}
              >
                {LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language}>
                    {NATIVE_LANGUAGE_NAMES[language]}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <TextField
              label={isNew ? t('password') : t('newPassword')}
              type="password"
              autoComplete="new-password"
              value={draft.password}
              required={isNew}
              error={invalid('password')}
              helperText={
                invalid('password') ? t('passwordRule') : isNew ? t('passwordRule') : t('newPasswordHelp')
              }
              onChange={(event) => setDraft({ ...draft, password: event.target.value })}
            />
          </>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={toggle !== null}
        title={t(toggle?.isDisabled ? 'enableTitle' : 'disableTitle')}
        message={t(toggle?.isDisabled ? 'enableMessage' : 'disableMessage', { name: toggle?.name })}
        confirmLabel={t(toggle?.isDisabled ? 'enable' : 'disable')}
        danger={!toggle?.isDisabled}
        busy={setDisabled.isPending}
        onConfirm={() => toggle && setDisabled.mutate(toggle)}
        onClose={() => setToggle(null)}
      />
    </Box>
  );
}
