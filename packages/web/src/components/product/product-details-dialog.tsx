import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import type { Product, ProductListResponse } from '@shop/shared/contracts/products';
import { formatDate, formatMoney, formatNumber, formatWeightKg } from '@shop/shared/format/format';
import { discountedPrice } from '@shop/shared/rules/pricing';
import { validSpecialPrice } from '@shop/shared/rules/special-price';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../lib/api-client-context';
import { useCartQuantities } from '../../lib/cart-bindings';
import { productCache, productCacheKey } from '../../lib/product-cache';
import { OnSaleBadge, PriceChangedBadge, StockChip } from './product-badges';
import { OrderLimits, PackSizeList, ProductImage } from './product-box';
import { netOf, productDescription, productName } from './product-helpers';
import { DialogCloseTitle } from '../dialog-close-title';
import { ProductPurchase } from './product-purchase';
import { PRODUCT_PARAM, useProductScope, type ProductDialogState } from './product-scope';
import { useNowMs } from './use-now';

function categoryPath(category: Product['categories'][number]): string {
  return category.parentSlug
    ? `/category/${encodeURIComponent(category.parentSlug)}/${encodeURIComponent(category.slug)}`
    : `/category/${encodeURIComponent(category.slug)}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2.5 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Every price tier of the customer: unit, threshold, gross and net per piece, special price. */
export function PriceTierTable({ product }: { product: Product }) {
  const { t } = useTranslation();
  const now = new Date(useNowMs());
  const discount = product.prices.find((entry) => entry.customerDiscount > 0)?.customerDiscount;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('product.tierUnit')}</TableCell>
              <TableCell align="right">{t('product.tierFrom')}</TableCell>
              <TableCell align="right">{t('product.tierGross')}</TableCell>
              <TableCell align="right">{t('product.tierNet')}</TableCell>
              <TableCell align="right">{t('product.tierSpecial')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {product.prices.map((entry) => {
              const regular = discountedPrice(entry.price, entry.customerDiscount);
              const special = validSpecialPrice(entry, now);
              const applies = special !== null && special < regular;
              return (
                <TableRow key={`${entry.quantitativeUnit}-${entry.quantityDiscount}`}>
                  <TableCell>{t(`product.units.${entry.quantitativeUnit}`)}</TableCell>
                  <TableCell align="right">
                    {t('product.pieces', { count: entry.quantityDiscount })}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 500 }}>
                    {formatMoney(regular)}
                  </TableCell>
                  <TableCell align="right">{formatMoney(netOf(regular, product.vat))}</TableCell>
                  <TableCell align="right" sx={applies ? { color: '#B71C1C', fontWeight: 500 } : undefined}>
                    {applies ? (
                      <>
                        {formatMoney(special)}
                        {entry.specialPriceEnd && (
                          <Box
                            component="span"
                            sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
                          >
                            {t('product.specialUntil', { date: formatDate(entry.specialPriceEnd) })}
                          </Box>
                        )}
                      </>
                    ) : (
                      '–'
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {discount !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('product.customerDiscount', { discount: formatNumber(discount) })}
        </Typography>
      )}
    </>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation();
  const cartQuantities = useCartQuantities();
  const description = productDescription(product);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '240px 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ position: 'relative', justifySelf: 'center' }}>
          <ProductImage product={product} size={240} eager />
          {product.discount && (
            <Box sx={{ position: 'absolute', top: 0, left: 0 }}>
              <OnSaleBadge />
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            {t('product.sku')}: {product.sku}
            {product.manufacturer && (
              <>
                <br />
                {t('product.manufacturer')}: {product.manufacturer.name}
              </>
            )}
            <br />
            {t('product.vat')}: {formatNumber(product.vat)}%{' · '}
            {t('product.weight')}: {formatWeightKg(product.weight)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <StockChip status={product.stockStatus} />
            {product.priceChanged && <PriceChangedBadge />}
          </Box>
          <OrderLimits product={product} />
          <Box sx={{ maxWidth: 360 }}>
            <ProductPurchase product={product} cartQuantity={cartQuantities.get(product.sku)} />
          </Box>
        </Box>
      </Box>
      {description && (
        <Section title={t('product.description')}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {description}
          </Typography>
        </Section>
      )}
      {product.categories.length > 0 && (
        <Section title={t('product.categories')}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {product.categories.map((category) => (
              <Link key={category.slug} component={RouterLink} to={categoryPath(category)} variant="body2">
                {category.name}
              </Link>
            ))}
          </Box>
        </Section>
      )}
      <Section title={t('product.packSizes')}>
        <PackSizeList product={product} withTitle={false} />
      </Section>
      {product.prices.length > 0 && (
        <Section title={t('product.priceTiers')}>
          <PriceTierTable product={product} />
        </Section>
      )}
    </>
  );
}

/** The product for the dialog: from the product cache at once, else (or when old) from the API. */
function useDialogProduct(sku: string) {
  const api = useApiClient();
  const scope = useProductScope();
  const key = productCacheKey(sku, scope.language, scope.viewer);
  const [cached] = useState(() => productCache.getEntry(key));
  const query = useQuery({
    queryKey: ['product', sku, scope.language, scope.viewer],
    queryFn: async ({ signal }) => {
      const answer = await api.get<ProductListResponse>('/products/search', {
        query: { searchType: 'product-by-sku', searchSku: sku },
        signal,
      });
      const products = answer?.products ?? [];
      return products.find((product) => product.sku.toLowerCase() === sku.toLowerCase()) ?? null;
    },
    ...(cached ? { initialData: cached.value, initialDataUpdatedAt: cached.storedAt } : {}),
  });
  const product = query.data;
  useEffect(() => {
    if (product) productCache.set(key, product);
  }, [product, key]);
  return query;
}

function ProductDetailsDialog({ sku }: { sku: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const titleId = useId();
  const query = useDialogProduct(sku);
  const product = query.data;

  const close = () => {
    if ((location.state as Partial<ProductDialogState> | null)?.productDialog) {
      void navigate(-1);
      return;
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PRODUCT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogCloseTitle id={titleId} onClose={close}>
        {product ? productName(product) : sku}
      </DialogCloseTitle>
      <DialogContent dividers>
        {product ? (
          <ProductDetails product={product} />
        ) : query.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('product.loading')} />
          </Box>
        ) : (
          <Alert severity={query.isError ? 'error' : 'info'} role="status">
            {query.isError ? t('product.loadError') : t('product.notFound')}
          </Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The product dialog of `?product=SKU` (shareable: the dialog state lives in the URL). */
export function ProductDialogFromUrl() {
  const [params] = useSearchParams();
  const sku = params.get(PRODUCT_PARAM)?.trim();
  if (!sku) return null;
  return <ProductDetailsDialog key={sku} sku={sku} />;
}
