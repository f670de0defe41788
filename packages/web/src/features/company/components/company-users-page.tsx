import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CompanyActivity, CompanyAddress, CompanyUser } from '@shop/shared/contracts/company';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { useAuth } from '../../../lib/auth-store';
import { useToast } from '../../../lib/toast-store';
import {
  useCompanyUsers,
  useInviteCompanyUser,
  useRemoveCompanyUser,
  useUpdateCompanyUser,
} from '../api/company-api';
import { changeBody, CompanyUserDialog, inviteBody } from './company-user-dialog';

const STATUS_COLOR = { active: 'success', invited: 'info', disabled: 'default' } as const;

/** A limit in whole forints (the API's unit), or "no limit". */
function LimitText({ value }: { value: number | null }) {
  const { t } = useTranslation();
  return <>{value === null ? t('company.noLimit') : formatMoney(value * 100, 0)}</>;
}

function addressText(user: CompanyUser, addresses: CompanyAddress[], allText: string): string {
  if (user.shippingAddressIds.length === 0) return allText;
  return addresses
    .filter((a) => user.shippingAddressIds.includes(a.shippingAddressId))
    .map((a) => `${a.zip} ${a.city}`)
    .join('; ');
}

/** One line of the activity list: who did what to whom, when. */
function ActivityLine({ entry }: { entry: CompanyActivity }) {
  const { t } = useTranslation();
  const actor = entry.byStaff ? t('company.activity.staff') : (entry.actorName ?? '—');
  const changed = Object.keys(entry.changes)
    .filter((key) =>
      ['role', 'orderLimit', 'monthlyLimit', 'shippingAddressIds', 'name', 'email'].includes(key),
    )
    .map((key) => t(`company.activity.fields.${key as 'role'}`))
    .join(', ');
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={t(`company.activity.actions.${entry.action as 'invite'}`, {
          actor,
          user: entry.userName ?? '—',
        })}
        secondary={`${formatDateTime(entry.at)}${changed ? ` · ${changed}` : ''}`}
      />
    </ListItem>
  );
}

/**
 * /profile/company-users (issue 15): the owner's users with roles, limits and addresses; invite,
 * change, disable / enable and remove (with a confirmation); the latest changes. Other roles see
 * that only owners manage users.
 */
export function CompanyUsersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const auth = useAuth();
  const isOwner = auth?.claims.companyRole === 'owner';
  const data = useCompanyUsers(isOwner);
  const invite = useInviteCompanyUser();
  const update = useUpdateCompanyUser();
  const remove = useRemoveCompanyUser();
  const [editing, setEditing] = useState<CompanyUser | 'new' | null>(null);
  const [removing, setRemoving] = useState<CompanyUser | null>(null);
  const removeTitleId = useId();
  const removeTextId = useId();
  const activityId = useId();

  if (!isOwner) {
    return (
      <Alert severity="info" sx={{ maxWidth: 720 }}>
        {t('company.ownersOnly')}
      </Alert>
    );
  }

  const users = data.data?.users ?? [];
  const addresses = data.data?.addresses ?? [];
  const selfId = Number(auth.claims.userId);

  const toggleDisabled = (user: CompanyUser) => {
    const disabled = user.status !== 'disabled';
    update.mutate(
      { userId: user.userId, change: { disabled } },
      {
        onSuccess: () =>
          toast.success(disabled ? 'company.toasts.disabled' : 'company.toasts.enabled', { name: user.name }),
        onError: (error) => toast.apiError(error),
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('company.intro')}</Typography>
      <Box>
        <Button
          variant="contained"
          startIcon={<PersonAdd />}
          onClick={() => {
            invite.reset();
            setEditing('new');
          }}
        >
          {t('company.invite')}
        </Button>
      </Box>
      {data.isPending && <LoadingStatus text={t('company.loading')} />}
      {data.isError && <Alert severity="error">{t('company.loadError')}</Alert>}
      {users.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
          <Table size="small" aria-label={t('company.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('company.columns.user')}</TableCell>
                <TableCell>{t('company.columns.role')}</TableCell>
                <TableCell align="right">{t('company.columns.orderLimit')}</TableCell>
                <TableCell align="right">{t('company.columns.monthlyLimit')}</TableCell>
                <TableCell>{t('company.columns.addresses')}</TableCell>
                <TableCell>{t('company.columns.status')}</TableCell>
                <TableCell>{t('company.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.userId} data-user-id={user.userId}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {user.name}
                      {user.userId === selfId ? ` (${t('company.you')})` : ''}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                      {user.email}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`company.roles.${user.role}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <LimitText value={user.orderLimit} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <LimitText value={user.monthlyLimit} />
                  </TableCell>
                  <TableCell>{addressText(user, addresses, t('company.allAddresses'))}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[user.status]}
                      label={t(`company.status.${user.status}`)}
                      title={
                        user.status === 'invited' && user.inviteExpiresAt
                          ? t('company.inviteExpires', { date: formatDateTime(user.inviteExpiresAt) })
                          : undefined
                      }
                    />
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        onClick={() => {
                          update.reset();
                          setEditing(user);
                        }}
                        aria-label={t('company.editOf', { name: user.name })}
                      >
                        {t('company.edit')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => toggleDisabled(user)}
                        aria-label={t(user.status === 'disabled' ? 'company.enableOf' : 'company.disableOf', {
                          name: user.name,
                        })}
                      >
                        {t(user.status === 'disabled' ? 'company.enable' : 'company.disable')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setRemoving(user)}
                        aria-label={t('company.removeOf', { name: user.name })}
                      >
                        {t('company.remove')}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box component="section" aria-labelledby={activityId}>
        <Typography id={activityId} variant="h6" component="h2">
          {t('company.activity.title')}
        </Typography>
        {data.data && data.data.activity.length === 0 && (
          <Typography color="text.secondary">{t('company.activity.empty')}</Typography>
        )}
        <List dense>
          {(data.data?.activity ?? []).map((entry) => (
            <ActivityLine key={entry.id} entry={entry} />
          ))}
        </List>
      </Box>

      {editing !== null && (
        <CompanyUserDialog
          user={editing === 'new' ? null : editing}
          addresses={addresses}
          pending={editing === 'new' ? invite.isPending : update.isPending}
          error={editing === 'new' ? invite.error : update.error}
          onClose={() => setEditing(null)}
          onSubmit={(values) => {
            if (editing === 'new') {
              invite.mutate(inviteBody(values), {
                onSuccess: () => {
                  toast.success('company.toasts.invited', { email: values.email });
                  setEditing(null);
                },
              });
            } else {
              update.mutate(
                { userId: editing.userId, change: changeBody(values) },
                {
                  onSuccess: () => {
                    toast.success('company.toasts.saved', { name: values.name });
                    setEditing(null);
                  },
                },
              );
            }
          }}
        />
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        aria-labelledby={removeTitleId}
        aria-describedby={removeTextId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={removeTitleId}>{t('company.removeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={removeTextId}>
            {t('company.removeText', { name: removing?.name ?? '', email: removing?.email ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setRemoving(null)}>
            {t('company.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => {
              if (!removing) return;
              const target = removing;
              remove.mutate(target.userId, {
                onSuccess: () => {
                  toast.success('company.toasts.removed', { name: target.name });
                  setRemoving(null);
                },
                onError: (error) => {
                  toast.apiError(error);
                  setRemoving(null);
                },
              });
            }}
          >
            {t('company.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
