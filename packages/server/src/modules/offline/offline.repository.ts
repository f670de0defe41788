import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The ids of active products in (after, through], ascending, at most `limit` (the offline
 * catalogue lists what the listing lists: active products only).
 */
export async function findActiveIds(
  db: Db,
  after: number,
  through: number | null,
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit);
  if (through !== null) query = query.where('id', '<=', through);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/** The customer's pricing, if `customerId` is the caller's own customer (agent: one of its customers). */
export async function findCustomerPricingFor(
  db: Db,
  customerId: number,
  caller: { role: string; userId: number; customerId: number | null },
) {
  let query = db
    .selectFrom('customers')
    .select(['id', 'price_group', 'customer_discount_bp'])
    .where('id', '=', customerId);
  if (caller.role === 'agent') query = query.where('agent_user_id', '=', caller.userId);
  else if (caller.customerId !== customerId) return undefined;
  return query.executeTakeFirst();
}
