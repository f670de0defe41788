import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Product } from '@shop/shared/contracts/products';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { OnSaleBadge, PriceChangedBadge, StockChip } from './product-badges';
import { productName } from './product-helpers';
import { ProductPurchase } from './product-purchase';
import { productDialogSearch, type ProductDialogState } from './product-scope';

export const PRODUCT_IMAGE_SIZE = 160;

const IMAGE_SX = {
  display: 'block',
  objectFit: 'contain',
  maxWidth: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
} as const;

/**
 * The product's first uploaded photo (issue 17) in a square box of `size` CSS pixels: WebP sizes
 * with a JPEG fallback through srcset/sizes, so the browser loads the width the screen needs.
 */
function ProductPhotoImage({
  photo,
  alt,
  size,
  eager,
}: {
  photo: NonNullable<Product['photos']>[number];
  alt: string;
  size: number;
  eager: boolean;
}) {
  const sizes = `${size}px`;
  const fallback = photo.sizes.find((s) => s.width >= size) ?? photo.sizes[photo.sizes.length - 1];
  return (
    <picture>
      <source
        type="image/webp"
        srcSet={photo.sizes.map((s) => `${s.webp} ${s.width}w`).join(', ')}
        sizes={sizes}
      />
      <Box
        component="img"
        src={fallback?.jpeg}
        srcSet={photo.sizes.map((s) => `${s.jpeg} ${s.width}w`).join(', ')}
        sizes={sizes}
        alt={photo.alt || alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        sx={IMAGE_SX}
      />
    </picture>
  );
}

/**
 * The product picture with its name as alt text and a fixed size (no layout shift): the first
 * uploaded photo, else the drawn picture, else a placeholder.
 */
export function ProductImage({
  product,
  size = PRODUCT_IMAGE_SIZE,
  eager = false,
}: {
  product: Pick<Product, 'image' | 'productDetails' | 'sku' | 'photos'>;
  size?: number;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const photo = product.photos?.[0];
  if (photo) return <ProductPhotoImage photo={photo} alt={productName(product)} size={size} eager={eager} />;
  if (!product.image) {
    return (
      <Box
        role="img"
        aria-label={t('product.noImage')}
        sx={{
          width: size,
          height: size,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.100',
          color: 'text.secondary',
          borderRadius: 1,
          fontSize: '0.875rem',
        }}
      >
        {t('product.noImage')}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={product.image}
      alt={productName(product)}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      sx={IMAGE_SX}
    />
  );
}

/** Pack sizes with their barcodes. */
export function PackSizeList({
  product,
  withTitle = true,
}: {
  product: Pick<Product, 'packSizes'>;
  withTitle?: boolean;
}) {
  const { t } = useTranslation();
  if (product.packSizes.length === 0) return null;
  return (
    <Box>
      {withTitle && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ fontWeight: 500 }}>
          {t('product.packSizes')}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontSize: '0.8125rem', lineHeight: 1.5 }}>
        {product.packSizes.map((pack) => (
          <li key={pack.unit}>
            {t('product.packOption', { unit: t(`product.units.${pack.unit}`), count: pack.pieces })}
            {pack.barcode && (
              <Box component="span" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                {' · '}
                <span title={t('product.barcode')}>{pack.barcode}</span>
              </Box>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Minimum, maximum and step of the order quantity, and the quantity last ordered. */
export function OrderLimits({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { minimum, maximum } = orderQuantityLimits(product);
  const limit = (pieces: number | null, unit: Product['minOrderQuantity']) =>
    pieces !== null
      ? t('product.pieces', { count: pieces })
      : unit
        ? t(`product.units.${unit}`)
        : t('product.noLimit');
  return (
    <Box sx={{ fontSize: '0.8125rem', lineHeight: 1.5 }}>
      <Box>
        {t('product.minimum')} {limit(minimum, product.minOrderQuantity)}
        {' · '}
        {t('product.maximum')} {limit(maximum, product.maxOrderQuantity)}
        {' · '}
        {t('product.step')} {t('product.pieces', { count: product.orderQuantityStep })}
      </Box>
      {product.lastOrderedQuantity > 0 && (
        <Box sx={{ fontWeight: 500 }}>
          {t('product.lastOrdered')}: {t('product.pieces', { count: product.lastOrderedQuantity })}
        </Box>
      )}
    </Box>
  );
}

export interface ProductBoxProps {
  product: Product;
  /** Pieces of the product in the cart, if known. */
  cartQuantity?: number | undefined;
  /** The first boxes of a page load their image at once. */
  eagerImage?: boolean;
}

/**
 * One product of a listing (docs/product.md §3): picture, name, SKU, manufacturer, flags, stock, pack
 * sizes with barcodes, order limits, the quantity last ordered, prices and the quantity field.
 * The name (and the picture) open the product dialog (`?product=SKU`).
 * Memoised: a listing that grows chunk by chunk (IncrementalGrid) or a cart change elsewhere must
 * not render every box already shown again.
 */
export const ProductBox = memo(function ProductBox({
  product,
  cartQuantity,
  eagerImage = false,
}: ProductBoxProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const nameId = useId();
  const name = productName(product);
  const to = { pathname: location.pathname, search: productDialogSearch(location.search, product.sku) };
  const state: ProductDialogState = { productDialog: true };
  const open = () => void navigate(to, { state, preventScrollReset: true });

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={nameId}
      data-sku={product.sku}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box
        onClick={open}
        sx={{ position: 'relative', display: 'flex', justifyContent: 'center', p: 1.5, cursor: 'pointer' }}
      >
        <ProductImage product={product} eager={eagerImage} />
        {product.discount && (
          <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
            <OnSaleBadge />
          </Box>
        )}
      </Box>
      <Box sx={{ px: 2, pb: 2, flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h2" id={nameId} sx={{ fontSize: '1rem', fontWeight: 500, lineHeight: 1.35 }}>
          <Link
            component={RouterLink}
            to={to}
            state={state}
            preventScrollReset
            underline="hover"
            color="inherit"
          >
            {name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {t('product.sku')}: <span data-testid="sku">{product.sku}</span>
          {product.manufacturer && (
            <>
              <br />
              {t('product.manufacturer')}: {product.manufacturer.name}
            </>
          )}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <StockChip status={product.stockStatus} />
          {product.priceChanged && <PriceChangedBadge />}
        </Box>
        <PackSizeList product={product} />
        <OrderLimits product={product} />
        <Box sx={{ mt: 'auto', pt: 1 }}>
          <ProductPurchase product={product} cartQuantity={cartQuantity} />
        </Box>
      </Box>
    </Card>
  );
});
