import { useQuery } from '@tanstack/react-query';
import type { AdminCategory, AdminManufacturer, AdminProduct } from '@shop/shared/contracts/admin-catalogue';
import type { ShopStateResponse } from '@shop/shared/contracts/checkout';
import { useAdminApi } from '../../admin-api';
import type { AdminT } from '../../admin-i18n';
import { useAdminQuery } from '../../components/use-admin-query';
import { ProductFormDialog } from './product-form-dialog';

/** The product editor: names, flags, stock, limits, pack sizes with barcodes, prices and special prices. */
export function ProductDialog({
  t,
  productId,
  onClose,
}: {
  t: AdminT;
  productId: number | null;
  onClose: () => void;
}) {
  const api = useAdminApi();
  const product = useAdminQuery<AdminProduct>(
    ['admin', 'product', productId],
    `/admin/catalogue/products/${productId}`,
    { enabled: productId !== null },
  );
  const categories = useAdminQuery<{ items: AdminCategory[] }>(
    ['admin', 'categories'],
    '/admin/catalogue/categories',
  );
  const manufacturers = useAdminQuery<{ items: AdminManufacturer[] }>(
    ['admin', 'manufacturers'],
    '/admin/catalogue/manufacturers',
  );
  // Special-price days are days of the shop's time zone (SHOP_TIME_ZONE), which the shop tells.
  const shop = useQuery({
    queryKey: ['admin', 'shop-state'],
    queryFn: ({ signal }) => api.get<ShopStateResponse>('/shop/state', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if ((productId !== null && !product.data) || !shop.data) {
    return null;
  }
  return (
    <ProductFormDialog
      key={product.data?.updatedAt ?? 'new'}
      t={t}
      product={product.data ?? null}
      categories={categories.data?.items ?? []}
      manufacturers={manufacturers.data?.items ?? []}
      timeZone={shop.data.timeZone}
      onClose={onClose}
    />
  );
}
