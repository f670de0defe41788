import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The customer's purchase-order and credit columns (issue 16). */
export async function findCustomerRules(db: Db, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'purchase_order_number_required', 'credit_limit', 'open_balance', 'open_balance_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/**
 * The gross total (items + logistics + shipping) of the customer's deferred orders that are not
 * cancelled and were placed at or after `since` (all of them when null): not yet on the balance.
 */
export async function sumPendingDeferred(db: Db, customerId: number, since: string | null): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.sum<string | number | null>('items_sum_gross').as('items'),
      eb.fn.sum<string | number | null>('logistics_cost').as('logistics'),
      eb.fn.sum<string | number | null>('shipping_cost').as('shipping'),
    ])
    .where('customer_id', '=', customerId)
    .where('payment_is_deferred', '=', 1)
    .where('status', '!=', 'cancelled');
  if (since !== null) query = query.where('created_at', '>=', since);
  const row = await query.executeTakeFirst();
  return Number(row?.items ?? 0) + Number(row?.logistics ?? 0) + Number(row?.shipping ?? 0);
}
