import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PackSize, Product } from '@shop/shared/contracts/products';
import { formatMoney, formatNumber } from '@shop/shared/format/format';
import { useTranslation } from 'react-i18next';
import { netOf, priceAt } from './product-helpers';
import { useNowMs } from './use-now';

export interface PriceDisplayProps {
  product: Pick<Product, 'prices' | 'vat'>;
  /** The quantity the price is for (tiers); below 1 counts as 1. */
  quantity: number;
  /** Also show the price of this pack (gross and net for the whole pack). */
  pack?: PackSize | undefined;
  compact?: boolean;
}

/**
 * Gross and net price per piece at a quantity, the regular price struck through when a special
 * price applies, and the price of one pack (docs/product.md §§3 and 9; decision 0003).
 */
export function PriceDisplay({ product, quantity, pack, compact = false }: PriceDisplayProps) {
  const { t } = useTranslation();
  const now = new Date(useNowMs());
  const price = priceAt(product.prices, quantity, now);
  if (!price) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('product.noPrice')}
      </Typography>
    );
  }
  const packPrice = pack && pack.pieces > 1 ? priceAt(product.prices, pack.pieces, now) : null;
  const packGross = packPrice && pack ? packPrice.unit * pack.pieces : null;
  return (
    <Box data-testid="price">
      {price.special && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textDecoration: 'line-through', lineHeight: 1.3 }}
        >
          {t('product.regularPrice', { price: formatMoney(price.regular) })}
        </Typography>
      )}
      <Typography
        component="p"
        sx={{
          fontSize: compact ? '1rem' : '1.25rem',
          fontWeight: 700,
          lineHeight: 1.3,
          color: price.special ? '#B71C1C' : 'text.primary',
        }}
      >
        {t('product.perPiece', { price: formatMoney(price.unit) })}{' '}
        <Box component="span" sx={{ fontSize: '0.8rem', fontWeight: 400, color: 'text.secondary' }}>
          {t('product.gross')}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {t('product.netPerPiece', { price: formatMoney(netOf(price.unit, product.vat)) })}
      </Typography>
      {pack && packGross !== null && (
        <Typography variant="body2" sx={{ lineHeight: 1.4, mt: 0.25 }}>
          {t('product.perPack', {
            unit: t(`product.units.${pack.unit}`),
            pieces: formatNumber(pack.pieces),
            gross: formatMoney(packGross),
            net: formatMoney(netOf(packGross, product.vat)),
          })}
        </Typography>
      )}
    </Box>
  );
}
