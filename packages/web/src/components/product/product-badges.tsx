import Chip from '@mui/material/Chip';
import type { Product } from '@shop/shared/contracts/products';
import { useTranslation } from 'react-i18next';

/** Dark enough for small text on white (WCAG AA). */
const STOCK_COLOR = {
  in_stock: '#1B5E20',
  few_stock: '#8A4B00',
  out_of_stock: '#B71C1C',
} as const;

/** Stock display (docs/product.md §3): Available, Few, out of stock. */
export function StockChip({ status }: { status: Product['stockStatus'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`product.stock.${status}`)}
      sx={{
        fontWeight: 500,
        bgcolor: 'background.paper',
        color: STOCK_COLOR[status],
        borderColor: STOCK_COLOR[status],
      }}
    />
  );
}

/** The On sale badge. */
export function OnSaleBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('product.onSale')}
      sx={{ fontWeight: 700, bgcolor: '#B71C1C', color: '#FFFFFF' }}
    />
  );
}

/** The price-change flag: the customer's price differs from its price 14 days ago. */
export function PriceChangedBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('product.priceChanged')}
      title={t('product.priceChangedHint')}
      sx={{ bgcolor: 'background.paper', color: '#0D47A1', borderColor: '#0D47A1' }}
    />
  );
}
