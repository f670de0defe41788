import type { Product } from '@shop/shared/contracts/products';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { memo, useId } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { OnSaleBadge, PriceChangedBadge, StockChip } from './product-badges';
import { productName } from './product-helpers';
import { ProductPurchase } from './product-purchase';
import { productDialogSearch, type ProductDialogState } from './product-scope';
import { useBoxT } from './use-box-t';

export const PRODUCT_IMAGE_SIZE = 160;

// The box and its parts are plain elements with the classes of product-box.css (loaded with the
// app's first stylesheet, main.tsx), not MUI components with sx props: hydrating or rendering a
// page of 50 boxes spent most of its time in emotion and the components' layers (issue 20).

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
      <img
        className="pb-img"
        src={fallback?.jpeg}
        srcSet={photo.sizes.map((s) => `${s.jpeg} ${s.width}w`).join(', ')}
        sizes={sizes}
        alt={photo.alt || alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
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
  const t = useBoxT();
  const photo = product.photos?.[0];
  if (photo) return <ProductPhotoImage photo={photo} alt={productName(product)} size={size} eager={eager} />;
  if (!product.image) {
    return (
      <div
        role="img"
        aria-label={t('product.noImage')}
        className="pb-noimg"
        style={{ width: size, height: size }}
      >
        {t('product.noImage')}
      </div>
    );
  }
  return (
    <img
      className="pb-img"
      src={product.image}
      alt={productName(product)}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
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
  const t = useBoxT();
  if (product.packSizes.length === 0) return null;
  return (
    <div>
      {withTitle && <p className="pb-caption">{t('product.packSizes')}</p>}
      <ul className="pb-packs pb-small">
        {product.packSizes.map((pack) => (
          <li key={pack.unit}>
            {t('product.packOption', { unit: t(`product.units.${pack.unit}`), count: pack.pieces })}
            {pack.barcode && (
              <span className="pb-barcode">
                {' · '}
                <span title={t('product.barcode')}>{pack.barcode}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Minimum, maximum and step of the order quantity, and the quantity last ordered. */
export function OrderLimits({ product }: { product: Product }) {
  const t = useBoxT();
  const { minimum, maximum } = orderQuantityLimits(product);
  const limit = (pieces: number | null, unit: Product['minOrderQuantity']) =>
    pieces !== null
      ? t('product.pieces', { count: pieces })
      : unit
        ? t(`product.units.${unit}`)
        : t('product.noLimit');
  return (
    <div className="pb-small">
      <div>
        {t('product.minimum')} {limit(minimum, product.minOrderQuantity)}
        {' · '}
        {t('product.maximum')} {limit(maximum, product.maxOrderQuantity)}
        {' · '}
        {t('product.step')} {t('product.pieces', { count: product.orderQuantityStep })}
      </div>
      {product.lastOrderedQuantity > 0 && (
        <div className="pb-strong">
          {t('product.lastOrdered')}: {t('product.pieces', { count: product.lastOrderedQuantity })}
        </div>
      )}
    </div>
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
  const t = useBoxT();
  const location = useLocation();
  const navigate = useNavigate();
  const nameId = useId();
  const name = productName(product);
  const to = { pathname: location.pathname, search: productDialogSearch(location.search, product.sku) };
  const state: ProductDialogState = { productDialog: true };
  const open = () => void navigate(to, { state, preventScrollReset: true });

  return (
    <article className="pb-card" aria-labelledby={nameId} data-sku={product.sku}>
      <div className="pb-media" onClick={open}>
        <ProductImage product={product} eager={eagerImage} />
        {product.discount && (
          <div className="pb-media-badge">
            <OnSaleBadge />
          </div>
        )}
      </div>
      <div className="pb-body">
        <h2 className="pb-name" id={nameId}>
          <RouterLink to={to} state={state} preventScrollReset>
            {name}
          </RouterLink>
        </h2>
        <p className="pb-text pb-muted">
          {t('product.sku')}: <span data-testid="sku">{product.sku}</span>
          {product.manufacturer && (
            <>
              <br />
              {t('product.manufacturer')}: {product.manufacturer.name}
            </>
          )}
        </p>
        <div className="pb-flags">
          <StockChip status={product.stockStatus} />
          {product.priceChanged && <PriceChangedBadge />}
        </div>
        <PackSizeList product={product} />
        <OrderLimits product={product} />
        <div className="pb-purchase">
          <ProductPurchase product={product} cartQuantity={cartQuantity} />
        </div>
      </div>
    </article>
  );
});
