import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_ROLES,
  inviteCompanyUserSchema,
  updateCompanyUserSchema,
  type CompanyRole,
  type CompanyUser,
  type CompanyUserResponse,
  type CompanyUsersResponse,
} from '@shop/shared/contracts/company';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { AddressCheckboxes } from '../../../components/address-checkboxes';
import { useAdminApi } from '../../admin-api';
import { useAdminCommonMessages, type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { CrudFormDialog, useAdminCrud } from '../../components/crud';
import { CrudTextField } from '../../components/crud-text-field';
import { DataTable, wholeListPaging } from '../../components/data-table';
import { DetailCard } from './detail-card';
import { useAdminQuery } from '../../components/use-admin-query';

interface UserDraft {
  email: string;
  name: string;
  role: CompanyRole;
  orderLimitFt: string;
  monthlyLimitFt: string;
  shippingAddressIds: number[];
}

/** Whole forints as typed ("50 000"); '' = no limit; anything else is refused by the contract. */
function limitOf(text: string): number | null {
  const cleaned = text.replace(/\s/g, '');
  if (cleaned === '') return null;
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const limitText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The company's users on a customer's page (issue 15): roles, limits, addresses and state; staff
 * invite (the invitation mail goes to the new user), change, disable and enable them. Every change
 * is audited with the staff member and shows in the company's activity.
 */
export function CompanyUsersCard({ detail, t }: { detail: CustomerDetail; t: AdminT }) {
  const { t: common } = useAdminCommonMessages();
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'customer', detail.userId, 'company-users'] as const;
  const path = `/admin/customers/${detail.userId}/company-users`;
  const users = useAdminQuery<CompanyUsersResponse>(queryKey, path);
  const addresses = users.data?.addresses ?? [];
  const crud = useAdminCrud<CompanyUser, UserDraft, Record<string, unknown>, CompanyUserResponse>({
    queryKey,
    path,
    toBody: (draft) => ({
      ...(draft.email !== '' ? { email: draft.email } : {}),
      name: draft.name,
      role: draft.role,
      orderLimit: limitOf(draft.orderLimitFt),
      monthlyLimit: limitOf(draft.monthlyLimitFt),
      shippingAddressIds: draft.shippingAddressIds,
    }),
    schema: (id) => (id === null ? inviteCompanyUserSchema : updateCompanyUserSchema),
    send: (id, body) =>
      id === null
        ? api.post<CompanyUserResponse>(path, body, { retry: false })
        : api.patch<CompanyUserResponse>(`${path}/${id}`, body, { retry: false }),
    rowId: (row) => row.userId,
    savedText: (saved) => ['admin-customers:companyUsers.saved', { name: saved.user.name }],
    deletedText: () => ['admin:common.saved'],
    fieldErrors: {
      labels: {
        email: t('companyUsers.fields.email'),
        name: t('companyUsers.fields.name'),
        orderLimit: t('companyUsers.fields.orderLimit'),
        monthlyLimit: t('companyUsers.fields.monthlyLimit'),
      },
      fieldOfCode: { ERR_DUP_EMAIL: 'email', ERR_INVALID_SHIPPING_ADDRESS_ID: 'shippingAddressIds' },
    },
  });
  const toggle = useMutation({
    mutationFn: (user: CompanyUser) =>
      api.patch<CompanyUserResponse>(
        `${path}/${user.userId}`,
        { disabled: user.status !== 'disabled' },
        { retry: false },
      ),
    onSuccess: (saved) => {
      toast.done('admin-customers:companyUsers.saved', { name: saved.user.name });
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.apiError(error),
  });
  const edit = (user: CompanyUser | null) =>
    crud.edit(user?.userId ?? null, {
      email: '',
      name: user?.name ?? '',
      role: user?.role ?? 'buyer',
      orderLimitFt: limitText(user?.orderLimit ?? null),
      monthlyLimitFt: limitText(user?.monthlyLimit ?? null),
      shippingAddressIds: user?.shippingAddressIds ?? [],
    });
  const limit = (value: number | null) =>
    value === null ? t('companyUsers.noLimit') : formatMoney(value * 100, 0);
  const rows = users.data?.users ?? [];
  /** A spending limit in whole forints (the draft's `…Ft` text; the body's and the error's `key`). */
  const limitField = (draft: UserDraft, key: 'orderLimit' | 'monthlyLimit') => (
    <TextField
      label={t(`companyUsers.fields.${key}`)}
      value={draft[`${key}Ft`]}
      {...crud.errors.props(key, t('companyUsers.limitHint'))}
      onChange={(e) => crud.setDraft({ [`${key}Ft`]: e.target.value })}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <DetailCard title={t('companyUsers.title')}>
      <DataTable
        label={t('companyUsers.title')}
        rows={rows}
        rowKey={(row) => row.userId}
        {...wholeListPaging(rows)}
        emptyText={users.isPending ? common('table.loading') : t('companyUsers.empty')}
        columns={[
          {
            id: 'user',
            header: t('companyUsers.fields.name'),
            render: (row) => (
              <>
                {row.name}
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Typography>
              </>
            ),
          },
          {
            id: 'role',
            header: t('companyUsers.fields.role'),
            render: (row) => t(`companyUsers.roles.${row.role}`),
          },
          {
            id: 'orderLimit',
            header: t('companyUsers.fields.orderLimit'),
            align: 'right',
            render: (row) => limit(row.orderLimit),
          },
          {
            id: 'monthlyLimit',
            header: t('companyUsers.fields.monthlyLimit'),
            align: 'right',
            hideBelow: 'sm',
            render: (row) => limit(row.monthlyLimit),
          },
          {
            id: 'status',
            header: t('columns.status'),
            render: (row) => t(`companyUsers.status.${row.status}`),
          },
          {
            id: 'actions',
            header: common('common.actions'),
            align: 'right',
            render: (row) => (
              <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  onClick={() => edit(row)}
                  aria-label={t('companyUsers.editOf', { name: row.name })}
                >
                  {common('common.edit')}
                </Button>
                <Button
                  size="small"
                  color={row.status === 'disabled' ? 'primary' : 'error'}
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate(row)}
                  aria-label={t(
                    row.status === 'disabled' ? 'companyUsers.enableOf' : 'companyUsers.disableOf',
                    {
                      name: row.name,
                    },
                  )}
                >
                  {t(row.status === 'disabled' ? 'enable' : 'disable')}
                </Button>
              </Box>
            ),
          },
        ]}
      />
      <Box>
        <Button variant="outlined" onClick={() => edit(null)}>
          {t('companyUsers.invite')}
        </Button>
      </Box>
      {users.data && users.data.activity.length > 0 ? (
        <Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
            {t('companyUsers.activity')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {users.data.activity.slice(0, 10).map((entry) => (
              <li key={entry.id}>
                {t('companyUsers.activityLine', {
                  at: formatDateTime(entry.at),
                  actor: entry.actorName ?? t('companyUsers.unknown'),
                  action: t(`companyUsers.actions.${entry.action as 'invite'}`),
                  user: entry.userName ?? t('companyUsers.unknown'),
                })}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <CrudFormDialog
        crud={crud}
        title={(isNew) => (isNew ? t('companyUsers.invite') : t('companyUsers.editTitle'))}
      >
        {(draft) => (
          <>
            {crud.editing?.id === null ? (
              <CrudTextField
                crud={crud}
                label={t('companyUsers.fields.email')}
                required
                type="email"
                name="email"
              />
            ) : null}
            <CrudTextField crud={crud} label={t('companyUsers.fields.name')} required name="name" />
            <TextField
              select
              label={t('companyUsers.fields.role')}
              value={draft.role}
              onChange={(e) => crud.setDraft({ role: e.target.value as CompanyRole })}
            >
              {COMPANY_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`companyUsers.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
            {limitField(draft, 'orderLimit')}
            {limitField(draft, 'monthlyLimit')}
            {addresses.length > 0 ? (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend">{t('companyUsers.fields.addresses')}</FormLabel>
                <AddressCheckboxes
                  addresses={addresses}
                  value={draft.shippingAddressIds}
                  onChange={(ids) => crud.setDraft({ shippingAddressIds: ids })}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('companyUsers.addressesHint')}
                </Typography>
              </Box>
            ) : null}
          </>
        )}
      </CrudFormDialog>
    </DetailCard>
  );
}
