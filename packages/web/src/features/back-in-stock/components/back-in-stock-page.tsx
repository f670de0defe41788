import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { translateError } from '../../../lib/api-client';
import { useBackInStockChange, useBackInStockRequests } from '../../../lib/back-in-stock-api';

/**
 * /profile/back-in-stock (issue 17): the user's waiting back-in-stock requests, newest first, each
 * with a link to the product and a cancel button. A request disappears once its mail is sent.
 */
export function BackInStockPage() {
  const { t } = useTranslation();
  const requests = useBackInStockRequests();
  const { cancel } = useBackInStockChange();
  const list = requests.data?.requests ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary">
        {t('backInStock.intro')}
      </Typography>
      {requests.isPending && <CircularProgress size={24} aria-label={t('backInStock.listLabel')} />}
      {requests.isError && <Alert severity="error">{translateError(t, requests.error)}</Alert>}
      {requests.isSuccess && list.length === 0 && <Typography>{t('backInStock.empty')}</Typography>}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label={t('backInStock.listLabel')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {list.map((item) => (
            <Box
              component="li"
              key={item.productSku}
              data-sku={item.productSku}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={`/?product=${encodeURIComponent(item.productSku)}`}
                  aria-label={t('backInStock.open', { name: item.productName || item.productSku })}
                  sx={{ fontWeight: 500 }}
                >
                  {item.productName || item.productSku}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {item.productSku} · {t('backInStock.requestedAt', { date: item.createdAt })}
                </Typography>
              </Box>
              <Button
                size="small"
                variant="outlined"
                onClick={() => cancel.mutate(item.productSku)}
                disabled={cancel.isPending}
                aria-label={t('backInStock.cancelOne', { name: item.productName || item.productSku })}
              >
                {t('backInStock.cancel')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
