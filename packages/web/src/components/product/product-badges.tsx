import type { Product } from '@shop/shared/contracts/products';
import { useBoxT } from './use-box-t';

/** Dark enough for small text on white (WCAG AA). */
const STOCK_COLOR = {
  in_stock: '#1B5E20',
  few_stock: '#8A4B00',
  out_of_stock: '#B71C1C',
} as const;

// Plain elements with the classes of product-box.css, drawn as MUI's small Chip: a listing has
// one or more per box, and a Chip with an sx prop cost each of them its own emotion styles at
// every render (issue 20).

/** Stock display (docs/product.md §3): Available, Few, out of stock. */
export function StockChip({ status }: { status: Product['stockStatus'] }) {
  const t = useBoxT();
  return (
    <span className="pb-chip pb-strong" style={{ color: STOCK_COLOR[status] }}>
      <span>{t(`product.stock.${status}`)}</span>
    </span>
  );
}

/** The On sale badge. */
export function OnSaleBadge() {
  const t = useBoxT();
  return (
    <span className="pb-chip pb-chip-sale">
      <span>{t('product.onSale')}</span>
    </span>
  );
}

/** The price-change flag: the customer's price differs from its price 14 days ago. */
export function PriceChangedBadge() {
  const t = useBoxT();
  return (
    <span className="pb-chip" style={{ color: '#0D47A1' }} title={t('product.priceChangedHint')}>
      <span>{t('product.priceChanged')}</span>
    </span>
  );
}
