import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  Registration,
  RegistrationDecision,
  RegistrationStatus,
} from '@shop/shared/contracts/admin-accounts';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { NameAndDetail } from '../../components/record-list';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { useListParams } from '../../components/use-list-params';
import { usePageQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));
const STATUSES: RegistrationStatus[] = ['pending', 'unverified', 'rejected'];

type Decision = { kind: 'approve' | 'reject'; registration: Registration };

/** The registrations queue: approve (the customer gets a mail) or reject with a reason. */
export default function RegistrationsPage() {
  const { t, ready } = useAdminMessages('admin-registrations', loaders);
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const list = useListParams();
  const status = (STATUSES as string[]).includes(list.get('status'))
    ? (list.get('status') as RegistrationStatus)
    : 'pending';
  const query = { ...list.query(['q']), status };
  const registrations = usePageQuery<AdminPage<Registration>>('registrations', '/admin/registrations', query);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');

  const decide = useMutation({
    mutationFn: (value: Decision) =>
      value.kind === 'approve'
        ? api.post<RegistrationDecision>(
            `/admin/registrations/${value.registration.userId}/approve`,
            {},
            { retry: false },
          )
        : api.post<RegistrationDecision>(
            `/admin/registrations/${value.registration.userId}/reject`,
            { reason: reason.trim() },
            { retry: false },
          ),
    onSuccess: (result, value) => {
      const key = value.kind === 'approve' ? 'approved' : 'rejected';
      toast.done(`admin-registrations:${result.mailSent ? key : `${key}NoMail`}`, { email: result.email });
      setDecision(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'registrations'] });
    },
    onError: (error) => toast.apiError(error),
  });

  if (!ready) return null;

  const columns: DataTableColumn<Registration>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      render: (row) => (
        <NameAndDetail
          name={row.name}
          detail={
            <>
              {row.contactName !== row.name ? `${row.contactName} · ` : ''}
              {row.isCompany ? t('company') : t('person')}
            </>
          }
        />
      ),
    },
    { id: 'email', header: t('columns.email'), render: (row) => row.email },
    {
      id: 'ids',
      header: t('columns.ids'),
      hideBelow: 'md',
      render: (row) => [row.taxNumber, row.companyRegistrationNumber].filter(Boolean).join(' · ') || '—',
    },
    { id: 'address', header: t('columns.address'), hideBelow: 'md', render: (row) => row.billingAddress },
    {
      id: 'date',
      header: status === 'rejected' ? t('columns.rejectedAt') : t('columns.registeredAt'),
      hideBelow: 'sm',
      render: (row) =>
        formatDateTime(status === 'rejected' ? (row.rejectedAt ?? row.registeredAt) : row.registeredAt),
    },
    status === 'rejected'
      ? { id: 'reason', header: t('columns.reason'), render: (row) => row.rejectionReason ?? '—' }
      : {
          id: 'actions',
          header: t('columns.actions'),
          align: 'right',
          render: (row) => (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                size="small"
                variant="contained"
                disabled={status !== 'pending'}
                onClick={() => setDecision({ kind: 'approve', registration: row })}
                aria-label={t('approveFor', { name: row.name })}
              >
                {t('approve')}
              </Button>
              <Button
                size="small"
                color="error"
                variant="outlined"
                onClick={() => setDecision({ kind: 'reject', registration: row })}
                aria-label={t('rejectFor', { name: row.name })}
              >
                {t('reject')}
              </Button>
            </Stack>
          ),
        },
  ];

  /** The confirmation of one kind of decision: open while that decision waits for it. */
  const decisionDialog = (kind: Decision['kind']) => ({
    open: decision?.kind === kind,
    title: t(`${kind}Title`),
    message: t(`${kind}Message`, {
      name: decision?.registration.name,
      email: decision?.registration.email,
    }),
    confirmLabel: t(kind),
    busy: decide.isPending,
    onConfirm: () => decision && decide.mutate(decision),
  });

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <Tabs
        value={status}
        onChange={(_event, value: RegistrationStatus) =>
          list.set({ status: value === 'pending' ? null : value })
        }
        aria-label={t('statusTabs')}
        sx={{ mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`status.${value}`)} />
        ))}
      </Tabs>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rowKey={(row) => row.userId}
        {...list.table(registrations)}
        emptyText={t(`empty.${status}`)}
        toolbar={<SearchField label={t('search')} value={list.get('q')} onChange={(q) => list.set({ q })} />}
      />
      <ConfirmDialog {...decisionDialog('approve')} onClose={() => setDecision(null)} />
      <ConfirmDialog
        {...decisionDialog('reject')}
        danger
        canConfirm={reason.trim().length > 0}
        onClose={() => {
          setDecision(null);
          setReason('');
        }}
      >
        <TextField
          label={t('reason')}
          helperText={t('reasonHelp')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          required
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </ConfirmDialog>
    </Box>
  );
}
