import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shop/shared/contracts/products';
import { useAuth } from '../../lib/auth-store';
import { productCache, productCacheKey } from '../../lib/product-cache';

/** Product answers depend on the language (names) and the viewer (prices): part of every key. */
export interface ProductScope {
  language: string;
  /** The user id, or null for anonymous visitors. */
  viewer: string | number | null;
}

export function useProductScope(): ProductScope {
  const { i18n } = useTranslation();
  const auth = useAuth();
  return { language: i18n.resolvedLanguage ?? i18n.language, viewer: auth?.claims.userId ?? null };
}

/** Stores the shown products in the product cache, so the product dialog opens at once. */
export function useCacheProducts(products: readonly Product[] | undefined, scope: ProductScope): void {
  const { language, viewer } = scope;
  useEffect(() => {
    if (!products) return;
    productCache.setMany(
      products.map((product) => [productCacheKey(product.sku, language, viewer), product] as const),
    );
  }, [products, language, viewer]);
}

/** `?product=SKU` opens the product dialog (shareable); the other params stay. */
export const PRODUCT_PARAM = 'product';

/** Marks a dialog opened from the page, so closing it goes back instead of adding history. */
export interface ProductDialogState {
  productDialog: true;
}

export function productDialogSearch(search: string, sku: string): string {
  const params = new URLSearchParams(search);
  params.set(PRODUCT_PARAM, sku);
  return `?${params.toString()}`;
}
