import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { seesCompanyOrders } from '@shop/shared/contracts/company';
import { isAbortError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useOrderHistory } from '../../../lib/order-history-api';
import { isNoShippingError } from '../../../lib/shipping-address-api';
import { toastStore } from '../../../lib/toast-store';
import { OrderHistoryDetails } from './order-history-details';

function OrderRow({ order, showPlacer }: { order: OrderHistoryItem; showPlacer: boolean }) {
  const { t } = useTranslation();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((value) => !value);
  return (
    <>
      <TableRow
        hover
        onClick={toggle}
        sx={{ cursor: 'pointer', '& > td': { borderBottom: open ? 'none' : undefined } }}
        data-testid={`order-row-${order.orderId}`}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={t('orderHistory.showDetails', { orderId: order.orderId })}
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontVariantNumeric: 'tabular-nums', px: { xs: 1, sm: 2 } }}>
          {formatDateTime(order.createdAt)}
        </TableCell>
        <TableCell>
          {order.orderId}
          {showPlacer && order.placedByName !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('company.history.placedBy', { name: order.placedByName })}
            </Typography>
          )}
          {order.approvedByName && (
            <Typography variant="body2" color="text.secondary" data-testid="approved-by">
              {t('approvals.approvedBy', { name: order.approvedByName })}
            </Typography>
          )}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
          {formatMoney(order.orderItemsSumPrice, 0)}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={4} sx={{ py: 0, px: { xs: 1, sm: 2 } }} id={detailsId}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <OrderHistoryDetails order={order} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/**
 * /profile/order-history (docs/product.md §§2 and 3): date (YYYY.MM.DD HH:MM:SS), order id and gross
 * total in Ft with 0 decimals; a row expands to its details and lines, with "Order again". Loading
 * and empty texts; a failure shows the error toast and stops loading.
 */
export function OrderHistoryPage() {
  const { t } = useTranslation();
  // Owners and approvers see the company's orders and may narrow them to one user (issue 15).
  const seesCompany = seesCompanyOrders(useAuth()?.claims.companyRole);
  const [placer, setPlacer] = useState<number | undefined>(undefined);
  const everyone = useOrderHistory();
  const filtered = useOrderHistory(seesCompany ? placer : undefined);
  const history = seesCompany && placer !== undefined ? filtered : everyone;
  const placers = new Map<number, string>();
  for (const order of everyone.data ?? []) {
    if (order.placedByName !== null) placers.set(order.placedByUserId, order.placedByName);
  }
  const filter =
    seesCompany && placers.size > 1 ? (
      <TextField
        select
        size="small"
        label={t('company.history.filter')}
        value={placer === undefined ? '' : String(placer)}
        onChange={(event) => setPlacer(event.target.value === '' ? undefined : Number(event.target.value))}
        sx={{ minWidth: 220, mb: 2 }}
      >
        <MenuItem value="">{t('company.history.all')}</MenuItem>
        {[...placers].map(([id, name]) => (
          <MenuItem key={id} value={String(id)}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    ) : null;

  useEffect(() => {
    if (!history.isError || isAbortError(history.error)) return;
    if (isNoShippingError(history.error)) toastStore.show('warning', { key: `errors.${history.error.code}` });
    else toastStore.show('error', { key: 'orderHistory.loadError' });
  }, [history.isError, history.error]);

  if (history.isPending && history.fetchStatus !== 'idle') {
    return (
      <Typography role="status" color="text.secondary">
        {t('orderHistory.loading')}
      </Typography>
    );
  }
  const orders = history.data ?? [];
  if (orders.length === 0) {
    return history.isError ? null : (
      <>
        {filter}
        <Typography>{t('orderHistory.empty')}</Typography>
      </>
    );
  }
  return (
    <>
      {filter}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('orderHistory.tableLabel')} sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    width: '1px',
                    height: '1px',
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {t('orderHistory.details')}
                </Box>
              </TableCell>
              <TableCell>{t('orderHistory.date')}</TableCell>
              <TableCell>{t('orderHistory.orderId')}</TableCell>
              <TableCell align="right">{t('orderHistory.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order) => (
              <OrderRow key={order.orderId} order={order} showPlacer={seesCompany} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
