import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PRODUCT_ROW_COLUMNS, type ProductRow } from '../products/products.repository';

type Db = Kysely<Database>;

/** The next batch of active, orderable products after a SKU, in SKU order, as catalogue rows. */
export async function findOrderableProductRows(
  db: Db,
  afterSku: string | null,
  limit: number,
): Promise<ProductRow[]> {
  let query = db
    .selectFrom('products as p')
    .leftJoin('manufacturers as m', 'm.id', 'p.manufacturer_id')
    .select(PRODUCT_ROW_COLUMNS)
    .where('p.is_active', '=', 1)
    .where('p.is_orderable', '=', 1);
  if (afterSku !== null) query = query.where('p.sku', '>', afterSku);
  return query.orderBy('p.sku').limit(limit).execute();
}
