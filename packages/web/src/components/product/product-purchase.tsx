import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PackSize, PackUnitName, Product } from '@shop/shared/contracts/products';
import { isNonOrderable } from '@shop/shared/rules/non-orderable';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { useSetProductQuantity } from '../../lib/cart-bindings';
import { AddToListButton } from './add-to-list-button';
import { PriceDisplay } from './price-display';
import { defaultQuantity, defaultStepPack, displayPack, productName, stepPacks } from './product-helpers';
import { QuantityField } from './quantity-field';
import { useBoxT } from './use-box-t';

/** Back-in-stock alerts (issue 17): only sold-out products shown to a signed-in user load it. */
const BackInStockButton = lazy(() =>
  Promise.all([import('./back-in-stock-button'), loadMessages('catalog', 'feedback')]).then(
    ([module]) => module,
  ),
);

/** MUI's LockOutlined icon, drawn inline (one per box of an anonymous listing). */
const LOCK_PATH =
  'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2';

/**
 * Anonymous visitors see no prices and no cart: a prompt to log in instead (decision 0004). Plain
 * elements with the classes of product-box.css: every box of an anonymous listing has one, and it
 * is what a phone hydrates on every server-rendered catalogue page (issue 20).
 */
export function LoginForPrices() {
  const t = useBoxT();
  return (
    <div className="pb-login">
      <div className="pb-login-row">
        <svg className="pb-login-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={LOCK_PATH} />
        </svg>
        <p className="pb-text">{t('product.loginForPrices')}</p>
      </div>
      <RouterLink to="/login" className="pb-login-link">
        {t('product.login')}
      </RouterLink>
    </div>
  );
}

export interface ProductPurchaseProps {
  product: Product;
  /** Pieces of the product in the cart (undefined: not in the cart or not known). */
  cartQuantity?: number | undefined;
  compact?: boolean;
  /** The pack unit the quantity steps by at first (a scanned carton's barcode: the carton). */
  packUnit?: PackUnitName | undefined;
}

function PurchaseControls({ product, cartQuantity, compact = false, packUnit }: ProductPurchaseProps) {
  const { t } = useTranslation();
  const setQuantity = useSetProductQuantity();
  const [edited, setEdited] = useState<number | null>(null);
  const [stepPack, setStepPack] = useState<PackSize>(
    () => stepPacks(product).find((pack) => pack.unit === packUnit) ?? defaultStepPack(product),
  );
  const inCart = cartQuantity ?? 0;
  const quantity = edited ?? (inCart > 0 ? inCart : defaultQuantity(product));
  const nonOrderable = isNonOrderable(product);
  const outOfStock = !(product.stock >= 1);
  const priceQuantity = quantity > 0 ? quantity : defaultQuantity(product);

  let label = t('product.addToCart');
  let disabled = quantity <= 0;
  if (inCart > 0) {
    label = quantity === 0 ? t('product.removeFromCart') : t('product.updateCart');
    disabled = quantity === inCart;
  }
  // Not available while saving or when there is nothing to change: aria-disabled, not disabled, so a
  // keyboard user who just pressed it keeps focus on it (a disabled button drops focus to <body>).
  const unavailable = disabled || setQuantity.isPending;

  const submit = () => {
    if (unavailable) return;
    setQuantity.mutate(
      { productSku: product.sku, quantity },
      { onSuccess: (result) => setEdited(result.quantity > 0 ? result.quantity : null) },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <PriceDisplay
        product={product}
        quantity={priceQuantity}
        pack={displayPack(product, stepPack)}
        compact={compact}
      />
      {nonOrderable && (
        <Typography variant="body2" sx={{ color: '#B71C1C', fontWeight: 500 }}>
          {t('product.notOrderable')}
        </Typography>
      )}
      {inCart > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('product.inCart', { count: inCart })}
        </Typography>
      )}
      <QuantityField
        product={product}
        value={quantity}
        onChange={setEdited}
        stepPack={stepPack}
        onStepPackChange={setStepPack}
        disabled={outOfStock && inCart === 0}
      />
      <Button
        variant="contained"
        startIcon={<AddShoppingCart />}
        onClick={submit}
        disabled={outOfStock && inCart === 0}
        aria-disabled={unavailable || undefined}
        sx={{
          '&[aria-disabled="true"]': {
            color: 'action.disabled',
            bgcolor: 'action.disabledBackground',
            cursor: 'default',
          },
        }}
      >
        {label}
      </Button>
      {outOfStock && (
        <Suspense fallback={null}>
          <BackInStockButton sku={product.sku} />
        </Suspense>
      )}
      {/* Saved order lists (docs/product.md §3.11): the quantity shown goes into a list. */}
      <AddToListButton sku={product.sku} name={productName(product)} quantity={priceQuantity} />
    </Box>
  );
}

/** Price, quantity field and the cart button for logged-in buyers; the login prompt for others. */
export function ProductPurchase(props: ProductPurchaseProps) {
  const auth = useAuth();
  if (!auth) return <LoginForPrices />;
  return <PurchaseControls {...props} />;
}
