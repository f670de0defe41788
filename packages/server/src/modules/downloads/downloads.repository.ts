import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProductRow } from '../products/products.repository';

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
    .select([
      'p.id',
      'p.sku',
      'p.vat',
      'p.weight',
      'p.image',
      'p.stock',
      'p.is_active',
      'p.is_orderable',
      'p.is_seasonal',
      'p.min_order_quantity',
      'p.max_order_quantity',
      'p.order_quantity_step',
      'm.id as manufacturer_id',
      'm.name as manufacturer_name',
      'm.slug as manufacturer_slug',
    ])
    .where('p.is_active', '=', 1)
    .where('p.is_orderable', '=', 1);
  if (afterSku !== null) query = query.where('p.sku', '>', afterSku);
  return query.orderBy('p.sku').limit(limit).execute();
}
