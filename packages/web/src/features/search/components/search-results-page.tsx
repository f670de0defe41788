import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { ProductBox } from '../../../components/product/product-box';
import { ProductListing } from '../../../components/product/product-listing';
import { useCacheProducts, useProductScope } from '../../../components/product/product-scope';
import { translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useCartQuantities } from '../../../lib/cart-bindings';
import { usePageDocumentTitle } from '../../../lib/document-title';
import { SEARCH_MIN_LENGTH } from './search-box';
import { SearchResultGroups } from './search-result-groups';

/** By SKU: `products/search?searchType=product-by-sku` (the server forces one product, page 1). */
function SkuResult({ sku }: { sku: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const scope = useProductScope();
  const cartQuantities = useCartQuantities();
  const result = useQuery({
    queryKey: ['products', 'by-sku', sku, scope.language, scope.viewer],
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products/search', {
        query: { searchType: 'product-by-sku', searchSku: sku, productsPerPage: 1, currentPage: 1 },
        signal,
      }),
  });
  const products = result.data?.products;
  useCacheProducts(products, scope);
  if (result.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('searchResults.inProgress')} />
      </Box>
    );
  }
  if (result.isError) {
    return (
      <Alert severity="error" role="status">
        {translateError(t, result.error)}
      </Alert>
    );
  }
  const product = products?.[0];
  if (!product) {
    return (
      <Alert severity="info" role="status" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
        {t('searchResults.skuNotFound')}
      </Alert>
    );
  }
  return (
    <Box sx={{ maxWidth: 340 }}>
      <ProductBox product={product} cartQuantity={cartQuantities.get(product.sku)} eagerImage />
    </Box>
  );
}

/**
 * Search results for `?q=` (by text: the six result groups, or with `view=list` the paged listing
 * of `searchType=all`) or `?sku=` (by item number). The URL holds the search, so a result page can
 * be shared and reloaded.
 */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sku = params.get('sku')?.trim() ?? '';
  const query = params.get('q')?.trim() ?? '';
  const listView = params.get('view') === 'list';
  const term = sku || query;
  const longEnough = [...term].length >= SEARCH_MIN_LENGTH;

  const viewLink = (list: boolean) => {
    const next = new URLSearchParams({ q: query });
    if (list) next.set('view', 'list');
    return `/search?${next.toString()}`;
  };

  const title = sku
    ? t('searchResults.resultsForSku', { sku })
    : query
      ? t('searchResults.resultsFor', { query })
      : t('routes.search');
  usePageDocumentTitle(title);

  return (
    <Box component="section">
      <PageHeading>{title}</PageHeading>
      {!longEnough ? (
        <Alert severity="info" role="status" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
          {t('search.minLength', { min: SEARCH_MIN_LENGTH })}
        </Alert>
      ) : sku ? (
        <SkuResult key={sku} sku={sku} />
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <Button component={RouterLink} to={viewLink(!listView)} variant="outlined" size="small">
              {listView ? t('searchResults.showGroups') : t('searchResults.showList')}
            </Button>
          </Box>
          {listView ? (
            <ProductListing
              key={query}
              endpoint="/products/search"
              filter={{ searchType: 'all', searchString: query }}
            />
          ) : (
            <SearchResultGroups term={query} />
          )}
        </>
      )}
    </Box>
  );
}
