import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Product } from '@shop/shared/contracts/products';
import { formatMoney } from '@shop/shared/format/format';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { NewsDialog } from './news-dialog';

function ProductRow({ product, onOpen }: { product: Product; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = product.productDetails[0]?.name ?? product.sku;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '64px 1fr',
        gap: 2,
        alignItems: 'center',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box
        component="img"
        src={product.image ?? undefined}
        alt=""
        loading="lazy"
        sx={{ width: 64, height: 64, borderRadius: 1, bgcolor: 'background.default', objectFit: 'cover' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
          <Box
            component={RouterLink}
            to={`/search?sku=${encodeURIComponent(product.sku)}`}
            onClick={onOpen}
            sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
          >
            {name}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('news.sku', { sku: product.sku })}
        </Typography>
        {product.currentPrice !== null && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, mt: 0.5 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {t('news.grossPrice', { price: formatMoney(product.currentPrice) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('news.netPrice', {
                price: formatMoney(netFromGrossMinor(product.currentPrice, product.vat)),
              })}
            </Typography>
            {product.discount && <Chip size="small" color="error" label={t('news.onSale')} />}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The products of the current news item, for logged-in users once per login session. */
export function ProductNewsDialog({
  title,
  products,
  open,
  onClose,
}: {
  title: string;
  products: Product[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <NewsDialog title={t('news.productsTitle')} open={open} onClose={onClose}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('news.productsIntro', { title })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {products.map((product) => (
          <ProductRow key={product.id} product={product} onOpen={onClose} />
        ))}
      </Box>
    </NewsDialog>
  );
}
