import DeleteSweep from '@mui/icons-material/DeleteSweep';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Product } from '@shop/shared/contracts/products';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheProducts, useProductScope } from '../../../components/product/product-scope';
import { SaveAsListButton } from '../../../components/save-as-list-button';
import { RequestQuoteButton } from '../../../components/request-quote-button';
import { useDeleteCart } from '../api/checkout-mutations';
import { useCartProducts, useFreshCart } from '../api/checkout-queries';
import { focusMainIfLost } from '../../../lib/focus-main';
import { CartItemBox } from './cart-item-box';
import { QuickOrderBox } from './quick-order-box';
import { MinimumOrderNotice } from './checkout-rules';

function DeleteCartButton() {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const deleteCart = useDeleteCart();
  // Emptying the cart removes this button (and its dialog), which had focus: focus goes to the page.
  useEffect(() => () => void setTimeout(focusMainIfLost, 0), []);
  const confirm = () => {
    deleteCart.mutate(undefined, { onSettled: () => setOpen(false) });
  };
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteSweep />} onClick={() => setOpen(true)}>
        {t('cart.deleteCart')}
      </Button>
      <Dialog
        open={open}
        onClose={() => !deleteCart.isPending && setOpen(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t('cart.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('cart.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={deleteCart.isPending}>
            {t('cart.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={confirm} loading={deleteCart.isPending}>
            {t('cart.deleteCart')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * /cart (docs/product.md §2): a warning when a non-orderable product is in the cart, the product boxes
 * in two columns at 1280 px and wider, deleting the whole cart after a confirmation, and the quick
 * order box. The layout around it shows the title, the empty message and the sidebar.
 *
 * The products come from `products/all` (cart filter, infinity page size, first page, no caching;
 * docs/product.md §9): pack sizes with barcodes, flags, manufacturer and order limits. The quantities,
 * prices and totals of the lines come from `GET /api/cart`; until the products arrive a box shows
 * the cart's own product data.
 */
export function CartPage() {
  const { t } = useTranslation();
  const scope = useProductScope();
  const { data: cart } = useFreshCart();
  const products = useCartProducts(cart, scope.language);
  useCacheProducts(products.isPlaceholderData ? undefined : products.data?.products, scope);
  const bySku = useMemo(
    () => new Map<string, Product>((products.data?.products ?? []).map((product) => [product.sku, product])),
    [products.data],
  );
  if (!cart) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {cart.containsNonOrderableProduct && <Alert severity="warning">{t('cart.nonOrderable')}</Alert>}
      <MinimumOrderNotice cart={cart} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('cart.items', { count: cart.count })}
        </Typography>
        <SaveAsListButton
          items={cart.cartItems.map((item) => ({ sku: item.product.sku, quantity: item.quantity }))}
        />
        <RequestQuoteButton disabled={cart.count <= 0} />
        <DeleteCartButton />
      </Box>
      <Box
        data-testid="cart-lines"
        aria-busy={products.isFetching}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {cart.cartItems.map((item, index) => (
          <CartItemBox
            key={item.product.sku}
            item={item}
            details={bySku.get(item.product.sku)}
            // The first pictures are in the first screen: fetched at once (a server-rendered page
            // announces them in its head), the rest as they scroll into view.
            eagerImage={index < 4}
          />
        ))}
      </Box>
      <QuickOrderBox />
    </Box>
  );
}
