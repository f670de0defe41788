import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrderDetail } from '@shop/shared/contracts/admin-orders';
import { formatDateTime, formatMoney, formatWeightKg } from '@shop/shared/format/format';
import { type OrderStatus } from '@shop/shared/rules/order-status';
import { useAdminApi } from '../../admin-api';
import { type AdminT } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RecordHeading, RecordPageWaiting, RecordPanel, useRouteRecord } from '../../components/record-list';
import { StatusChip } from './order-status-chip';

/** A third of the row of cards under the status (the whole width on a phone): a heading, then its fields. */
function DetailCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <RecordPanel title={title} sx={{ height: '100%' }}>
        {children}
      </RecordPanel>
    </Grid>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

function address(a: {
  countryCode: string | null;
  country: string | null;
  zip: string | null;
  city: string | null;
  aptSuite: string | null;
}) {
  return [
    a.country ? `${a.country}${a.countryCode ? ` (${a.countryCode})` : ''}` : null,
    [a.zip, a.city].filter(Boolean).join(' '),
    a.aptSuite,
  ]
    .filter(Boolean)
    .join(', ');
}

/** One order: its data, lines and totals, and the status changes staff may make. */
export function OrderDetailView({ t }: { t: AdminT }) {
  const api = useAdminApi();
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const {
    id,
    key: orderKey,
    query: order,
  } = useRouteRecord<AdminOrderDetail>('order', 'orderId', '/admin/orders');
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const change = useMutation({
    mutationFn: (status: OrderStatus) =>
      api.post<AdminOrderDetail>(`/admin/orders/${id}/status`, { status }, { retry: false }),
    onSuccess: (result) => {
      queryClient.setQueryData(['admin', 'order', id], result);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      toast.done('admin-orders:statusChanged', { status: t(`status.${result.status}`) });
      setTarget(null);
    },
    onError: (error) => {
      toast.apiError(error);
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: orderKey });
    },
  });
  const o = order.data;
  if (order.error || !o) return <RecordPageWaiting t={t} failed={Boolean(order.error)} />;

  return (
    <Box>
      <RecordHeading t={t} id={o.id} status={<StatusChip status={o.status} t={t} />} />
      <RecordPanel title={t('changeStatus')} sx={{ mb: 2 }}>
        {o.nextStatuses.length === 0 ? (
          <Typography color="text.secondary">{t('finalStatus')}</Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {o.nextStatuses.map((status) => (
              <Button
                key={status}
                variant={status === 'cancelled' ? 'outlined' : 'contained'}
                color={status === 'cancelled' ? 'error' : 'primary'}
                onClick={() => setTarget(status)}
              >
                {t(`actions.${status}`)}
              </Button>
            ))}
          </Stack>
        )}
      </RecordPanel>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <DetailCard title={t('detail.customer')}>
          <Field label={t('detail.name')}>{o.customerName}</Field>
          <Field label={t('detail.email')}>{o.customerEmail}</Field>
          {o.customerTaxNumber ? <Field label={t('detail.taxNumber')}>{o.customerTaxNumber}</Field> : null}
          {o.customerCompanyRegistrationNumber ? (
            <Field label={t('detail.companyRegistrationNumber')}>{o.customerCompanyRegistrationNumber}</Field>
          ) : null}
          <Field label={t('detail.placedBy')}>
            {o.agentName ? t('detail.byAgent', { name: o.agentName }) : (o.placedByName ?? '—')}
          </Field>
          {o.approvedByName ? <Field label={t('detail.approvedBy')}>{o.approvedByName}</Field> : null}
          <Field label={t('detail.createdAt')}>{formatDateTime(o.createdAt)}</Field>
        </DetailCard>
        <DetailCard title={t('detail.addresses')}>
          <Field label={t('detail.billing')}>{address(o.billing)}</Field>
          <Field label={t('detail.shippingAddress')}>{o.shipping ? address(o.shipping) : '—'}</Field>
        </DetailCard>
        <DetailCard title={t('detail.delivery')}>
          <Field label={t('detail.shippingMethod')}>{o.shippingMethod}</Field>
          <Field label={t('detail.deliveryDate')}>{o.deliveryDate ?? '—'}</Field>
          <Field label={t('detail.paymentMethod')}>
            {o.paymentMethod}
            {o.paymentTermDays > 0 ? ` · ${t('detail.termDays', { count: o.paymentTermDays })}` : ''}
          </Field>
          <Field label={t('detail.purchaseOrderNumber')}>{o.purchaseOrderNumber ?? '—'}</Field>
          <Field label={t('detail.commentWebshop')}>{o.commentWebshop || '—'}</Field>
          <Field label={t('detail.commentSupplier')}>{o.commentSupplier || '—'}</Field>
        </DetailCard>
      </Grid>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <TableContainer>
          <Table size="small" aria-label={t('detail.lines')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('detail.sku')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('detail.product')}</TableCell>
                {(['quantity', 'unitPrice', 'vat', 'lineGross'] as const).map((key) => (
                  <TableCell key={key} sx={{ fontWeight: 600 }} align="right">
                    {t(`detail.${key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {o.lines.map((line) => (
                <TableRow key={`${line.sku}-${line.productId ?? 'x'}`}>
                  <TableCell>{line.sku}</TableCell>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
                  <TableCell align="right">{line.vat}%</TableCell>
                  <TableCell align="right">{formatMoney(line.lineGross)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
          <Typography variant="body2">
            {t('detail.itemsNet')}: {formatMoney(o.itemsSumNet)}
          </Typography>
          <Typography variant="body2">
            {t('detail.itemsGross')}: {formatMoney(o.itemsSumGross)} ·{' '}
            {t('detail.pieces', { count: o.itemsPieces })} · {formatWeightKg(o.itemsWeight)}
          </Typography>
          <Typography variant="body2">
            {t('detail.logistics')}: {formatMoney(o.logisticsCost)}
          </Typography>
          <Typography variant="body2">
            {t('detail.shippingCost')}: {formatMoney(o.shippingCost)}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {t('detail.total')}: {formatMoney(o.total)}
          </Typography>
        </Box>
      </Paper>
      <RecordPanel title={t('detail.history')}>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {o.history.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`}>
              <Typography variant="body2">
                {formatDateTime(entry.createdAt)} — {t(`status.${entry.status}`)}
                {entry.changedByName ? ` (${entry.changedByName})` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      </RecordPanel>
      <ConfirmDialog
        open={target !== null}
        title={t('confirmTitle', { status: target ? t(`status.${target}`) : '' })}
        message={
          target === 'cancelled'
            ? t('confirmCancel')
            : t('confirmMessage', { status: target ? t(`status.${target}`) : '' })
        }
        confirmLabel={target ? t(`actions.${target}`) : ''}
        danger={target === 'cancelled'}
        busy={change.isPending}
        onConfirm={() => target && change.mutate(target)}
        onClose={() => setTarget(null)}
      />
    </Box>
  );
}
