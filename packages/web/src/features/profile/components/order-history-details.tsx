import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import { formatDate, formatMoney, formatNumber, formatWeightKg } from '@shop/shared/format/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartAdditionDialog } from '../../../components/cart-addition-dialog';
import { useOrderAgain } from '../../../lib/cart-bindings';
import { SaveAsListButton } from '../../../components/save-as-list-button';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Box>
    </Box>
  );
}

function address(order: OrderHistoryItem): string {
  const country = order.shippingCountry
    ? order.shippingCountryCode
      ? `${order.shippingCountry} (${order.shippingCountryCode})`
      : order.shippingCountry
    : '';
  return [country, order.shippingZip, order.shippingCity, order.shippingAptSuite]
    .filter((part) => part)
    .join(', ');
}

function OrderAgain({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const orderAgain = useOrderAgain();
  const [result, setResult] = useState<CartAdditionResponse | null>(null);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Replay />}
        loading={orderAgain.isPending}
        onClick={() => orderAgain.mutate(orderId, { onSuccess: setResult })}
      >
        {t('orderHistory.orderAgain')}
      </Button>
      <CartAdditionDialog
        result={result}
        title={t('orderHistory.orderAgainTitle', { orderId })}
        closeText={t('quickOrder.close')}
        onClose={() => setResult(null)}
      />
    </>
  );
}

/** The details of an order (docs/product.md §3's order history item) and its lines. */
export function OrderHistoryDetails({ order }: { order: OrderHistoryItem }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      data-testid={`order-details-${order.orderId}`}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          maxWidth: { xs: 'calc(100vw - 56px)', md: 'none' },
          overflowWrap: 'anywhere',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Detail label={t('orderHistory.netTotal')} value={formatMoney(order.orderItemsSumPriceNet, 0)} />
        <Detail label={t('orderHistory.products')} value={formatNumber(order.orderItemsCount)} />
        <Detail label={t('orderHistory.pieces')} value={formatNumber(order.orderItemsSum)} />
        <Detail label={t('orderHistory.weight')} value={formatWeightKg(order.orderItemsSumWeight)} />
        <Detail label={t('orderHistory.shippingMethod')} value={order.shippingMethod} />
        <Detail label={t('orderHistory.paymentMethod')} value={order.paymentMethod} />
        {order.purchaseOrderNumber && (
          <Detail label={t('orderHistory.purchaseOrderNumber')} value={order.purchaseOrderNumber} />
        )}
        <Detail label={t('orderHistory.address')} value={address(order)} />
        {order.isHomeDelivery && order.deliveryDatetime && (
          <Detail label={t('orderHistory.deliveryDate')} value={formatDate(order.deliveryDatetime)} />
        )}
        {order.isHomeDelivery && order.logisticsCost > 0 && (
          <Detail label={t('orderHistory.logisticsCost')} value={formatMoney(order.logisticsCost, 0)} />
        )}
        {order.shippingCost > 0 && (
          <Detail label={t('orderHistory.shippingCost')} value={formatMoney(order.shippingCost, 0)} />
        )}
        {order.placedByAgent && <Detail label={t('orderHistory.placedByAgent')} value="✓" />}
      </Box>
      <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 56px)', md: 'none' } }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 0.5 }}>
          {t('orderHistory.lines')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('orderHistory.sku')}</TableCell>
              <TableCell>{t('orderHistory.productName')}</TableCell>
              <TableCell align="right">{t('orderHistory.quantity')}</TableCell>
              <TableCell align="right">{t('orderHistory.unitPrice')}</TableCell>
              <TableCell align="right">{t('orderHistory.lineGross')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.sku}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.sku}</TableCell>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right">{formatNumber(line.quantity)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.unitPrice, 0)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.lineGross, 0)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <OrderAgain orderId={order.orderId} />
        <SaveAsListButton orderId={order.orderId} />
      </Box>
    </Box>
  );
}
