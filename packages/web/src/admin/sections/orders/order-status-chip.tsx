import Chip from '@mui/material/Chip';
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/rules/order-status';
import { type AdminT } from '../../admin-i18n';

const STATUS_COLOURS: Record<OrderStatus, 'default' | 'info' | 'warning' | 'primary' | 'success' | 'error'> =
  {
    new: 'info',
    confirmed: 'primary',
    processing: 'warning',
    shipped: 'primary',
    completed: 'success',
    cancelled: 'error',
  };

export function StatusChip({ status, t }: { status: string; t: AdminT }) {
  const known = (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null;
  return (
    <Chip
      size="small"
      label={known ? t(`status.${known}`) : status}
      color={known ? STATUS_COLOURS[known] : 'default'}
      variant={known === 'completed' || known === 'cancelled' ? 'outlined' : 'filled'}
    />
  );
}
