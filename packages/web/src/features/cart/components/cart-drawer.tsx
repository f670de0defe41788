import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isNoShippingError } from '../../../lib/shipping-address-api';
import { useCart } from '../api/cart-queries';
import { CartItemBox } from './cart-item-box';
import { CartSummary } from './cart-summary';
import { CheckoutButton } from './checkout-button';

function DrawerContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  if (cart.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }} role="status">
        <CircularProgress size={24} />
        <Typography>{t('cart.loading')}</Typography>
      </Box>
    );
  }
  if (!cart.data) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity={isNoShippingError(cart.error) ? 'warning' : 'error'}>
          {isNoShippingError(cart.error) ? t('shippingAddress.chooseFirst') : t('cart.loadError')}
        </Alert>
      </Box>
    );
  }
  const data = cart.data;
  if (data.count <= 0) {
    return (
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('cart.empty')}</Typography>
        <Button component={RouterLink} to="/cart" variant="outlined" onClick={onClose}>
          {t('cart.viewCart')}
        </Button>
      </Box>
    );
  }
  return (
    <>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {data.containsNonOrderableProduct && (
          <Alert severity="warning" sx={{ fontSize: '0.8125rem' }}>
            {t('cart.nonOrderable')}
          </Alert>
        )}
        {data.cartItems.map((item) => (
          <CartItemBox key={item.product.sku} item={item} compact />
        ))}
      </Box>
      <Box
        sx={{ borderTop: 1, borderColor: 'divider', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <CartSummary cart={data} compact />
        <Button component={RouterLink} to="/cart" variant="outlined" onClick={onClose} fullWidth>
          {t('cart.viewCart')}
        </Button>
        <CheckoutButton onClick={onClose} />
      </Box>
    </>
  );
}

/** The cart side drawer opened from the header's cart button: the same cart, compact. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: 'min(440px, 100vw)', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
          {t('cart.drawerTitle')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('cart.close')} title={t('cart.close')}>
          <Close />
        </IconButton>
      </Box>
      {open && <DrawerContent onClose={onClose} />}
    </Drawer>
  );
}
