import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createStaffSchema,
  updateStaffSchema,
  type StaffAccount,
} from '@shop/shared/contracts/admin-accounts';
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
import { CrudFormDialog, useAdminCrud } from '../../components/crud';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { usePageQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const STAFF_KEY = ['admin', 'staff'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  /** A new account (its e-mail and password are required) rather than a change. */
  isNew: boolean;
  email: string;
  name: string;
  role: 'admin' | 'staff';
  password: string;
  language: string;
}

const EMPTY: Draft = { isNew: true, email: '', name: '', role: 'staff', password: '', language: 'hu' };

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
  const accounts = usePageQuery<AdminPage<StaffAccount>>('staff', '/admin/staff', query);
  const [toggle, setToggle] = useState<StaffAccount | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  const crud = useAdminCrud<StaffAccount, Draft, Record<string, unknown>, StaffAccount>({
    queryKey: STAFF_KEY,
    path: '/admin/staff',
    toBody: (value) => ({
      email: value.email,
      name: value.name,
      role: value.role,
      // Changing an account without typing a password keeps the old one.
      password: value.isNew || value.password !== '' ? value.password : undefined,
      language: value.language,
    }),
    schema: (id) => (id === null ? createStaffSchema : updateStaffSchema),
    // A change sends what may change, and the password only when a new one is typed.
    send: (id, body) =>
      id === null
        ? api.post<StaffAccount>('/admin/staff', body, { retry: false })
        : api.patch<StaffAccount>(
            `/admin/staff/${id}`,
            {
              name: body.name,
              role: body.role,
              ...(body.password === undefined ? {} : { password: body.password }),
            },
            { retry: false },
          ),
    rowId: (row) => row.userId,
    savedText: () => ['admin:common.saved'],
    deletedText: () => ['admin:common.saved'],
    fieldErrors: {
      fieldOfCode: { ERR_DUP_EMAIL: 'email' },
      labels: { name: t('columns.name'), password: t('password') },
      limits: { password: { min: 6, max: 128 }, name: { max: 255 } },
      messages: { invalid_email: t('invalidEmail'), too_short: t('passwordRule') },
    },
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
            onClick={() =>
              crud.edit(row.userId, {
                isNew: false,
                email: row.email,
                name: row.name,
                role: row.role,
                password: '',
                language: row.language,
              })
            }
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
          onClick: () => crud.edit(null, EMPTY),
        }}
      />
      <DataTable
        label={t('title')}
        columns={columns}
        rowKey={(row) => row.userId}
        {...list.table(accounts)}
        toolbar={<SearchField label={t('search')} value={list.get('q')} onChange={(q) => list.set({ q })} />}
      />
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('create') : t('edit'))}>
        {(draft) => {
          const { isNew } = draft;
          return (
            <>
              <TextField
                label={t('columns.email')}
                type="email"
                value={draft.email}
                disabled={!isNew}
                required
                {...crud.errors.props('email')}
                onChange={(event) => crud.setDraft({ email: event.target.value })}
              />
              <TextField
                label={t('columns.name')}
                value={draft.name}
                required
                {...crud.errors.props('name')}
                onChange={(event) => crud.setDraft({ name: event.target.value })}
              />
              <TextField
                select
                label={t('columns.role')}
                value={draft.role}
                onChange={(event) => crud.setDraft({ role: event.target.value as Draft['role'] })}
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
                  onChange={(event) => crud.setDraft({ language: event.target.value })}
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
                {...crud.errors.props('password', isNew ? t('passwordRule') : t('newPasswordHelp'))}
                onChange={(event) => crud.setDraft({ password: event.target.value })}
              />
            </>
          );
        }}
      </CrudFormDialog>
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
