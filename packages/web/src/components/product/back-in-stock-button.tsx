import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBackInStockChange, useBackInStockRequests } from '../../lib/back-in-stock-api';

/**
 * "Notify me when back in stock" on a sold-out product (issue 17): asks for one mail when its stock
 * rises above zero; once asked, says so and offers to cancel. Loaded lazily, only for sold-out
 * products shown to a signed-in user, so the first page does not carry it.
 */
export default function BackInStockButton({ sku }: { sku: string }) {
  const { t } = useTranslation();
  const requests = useBackInStockRequests();
  const { request, cancel } = useBackInStockChange();
  const waiting = requests.data?.requests.some((r) => r.productSku === sku) ?? false;
  const busy = request.isPending || cancel.isPending || requests.isPending;
  if (waiting) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
        <Typography variant="body2" role="status" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <NotificationsActiveOutlined fontSize="small" color="primary" aria-hidden />
          {t('backInStock.waiting')}
        </Typography>
        <Button size="small" onClick={() => cancel.mutate(sku)} disabled={busy}>
          {t('backInStock.cancel')}
        </Button>
      </Box>
    );
  }
  return (
    <Button
      variant="outlined"
      startIcon={<NotificationsNoneOutlined />}
      onClick={() => request.mutate(sku)}
      disabled={busy}
    >
      {t('backInStock.notify')}
    </Button>
  );
}
