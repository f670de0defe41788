import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@shop/shared/contracts/cart';
import type { PackSize, Product } from '@shop/shared/contracts/products';
import { formatMoney, formatWeightKg } from '@shop/shared/format/format';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnSaleBadge, PriceChangedBadge, StockChip } from '../../../components/product/product-badges';
import { PackSizeList, ProductImage } from '../../../components/product/product-box';
import { defaultStepPack, productName } from '../../../components/product/product-helpers';
import { QuantityField } from '../../../components/product/quantity-field';
import { useSetProductQuantity } from '../api/cart-mutations';

/**
 * One cart line as a product box: picture, name, SKU, stock, the server's price per piece and line
 * totals, and the quantity field with pack-size steppers; every change goes through
 * set-product-quantity at once (0 removes the line). With `details` (the product as `products/all`
 * lists it, on the cart page) it also shows the manufacturer, the on-sale and price-change flags
 * and the pack sizes with their barcodes.
 */
export function CartItemBox({
  item,
  details,
  compact = false,
  eagerImage = false,
}: {
  item: CartItem;
  details?: Product | undefined;
  compact?: boolean;
  /** Load the picture at once instead of when it scrolls into view (the first lines). */
  eagerImage?: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const setQuantity = useSetProductQuantity();
  const { product } = item;
  const [stepPack, setStepPack] = useState<PackSize>(() => defaultStepPack(product));
  const [pending, setPending] = useState<number | null>(null);
  const name = productName(product);
  const change = (quantity: number) => {
    if (quantity === item.quantity) return;
    setPending(quantity);
    setQuantity.mutate({ productSku: product.sku, quantity }, { onSettled: () => setPending(null) });
  };
  const unit = item.currentPrice;

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={nameId}
      data-sku={product.sku}
      sx={{
        display: 'flex',
        gap: compact ? 1 : 2,
        p: compact ? 1 : 1.5,
        height: compact ? 'auto' : '100%',
        flexShrink: 0,
        borderColor: item.orderable ? 'divider' : 'error.main',
      }}
    >
      <Box sx={{ flexShrink: 0 }}>
        <ProductImage product={product} size={compact ? 56 : 96} eager={eagerImage} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography
            component="h3"
            id={nameId}
            sx={{ flex: 1, fontSize: compact ? '0.9rem' : '1rem', fontWeight: 500, lineHeight: 1.35 }}
          >
            {name}
          </Typography>
          <IconButton
            size="small"
            onClick={() => change(0)}
            disabled={setQuantity.isPending}
            aria-label={`${t('cart.remove')}: ${name}`}
            title={t('cart.remove')}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('product.sku')}: <span data-testid="sku">{product.sku}</span>
          {!compact && details?.manufacturer && (
            <>
              {' · '}
              {t('product.manufacturer')}: {details.manufacturer.name}
            </>
          )}
        </Typography>
        {!compact && (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <StockChip status={product.stockStatus} />
            {details?.discount && <OnSaleBadge />}
            {details?.priceChanged && <PriceChangedBadge />}
          </Box>
        )}
        {!compact && details && <PackSizeList product={details} withTitle={false} />}
        {!item.orderable && (
          <Typography variant="body2" sx={{ color: '#B71C1C', fontWeight: 500 }}>
            {t('cart.lineNotOrderable')}
          </Typography>
        )}
        {unit === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('product.noPrice')}
          </Typography>
        ) : (
          <Typography variant="body2">
            {t('product.perPiece', { price: formatMoney(unit) })}{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('product.netPerPiece', { price: formatMoney(netFromGrossMinor(unit, product.vat)) })}
            </Box>
          </Typography>
        )}
        <QuantityField
          product={product}
          value={pending ?? item.quantity}
          onChange={change}
          stepPack={stepPack}
          onStepPackChange={setStepPack}
          disabled={setQuantity.isPending}
        />
        <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="line-total">
          {t('cart.lineTotal', { gross: formatMoney(item.lineGross), net: formatMoney(item.lineNet) })}
          {!compact && (
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
              {` · ${formatWeightKg(item.lineWeight)}`}
            </Box>
          )}
        </Typography>
      </Box>
    </Card>
  );
}
