import type { Kysely } from 'kysely';
import type { ExportedOrder } from '@shop/shared/contracts/admin-integration';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';

/**
 * New orders for the ERP: orders with an id above the cursor (ids only grow), oldest first, with
 * their lines; by default only those not yet acknowledged. Acknowledging sets
 * orders.erp_acknowledged_at once (a second acknowledgement changes nothing).
 */
export async function exportOrders(
  ctx: AppContext,
  query: { after: number; limit: number; unacknowledged: 'true' | 'false' },
): Promise<{ orders: ExportedOrder[]; nextCursor: number }> {
  const db = ctx.database.db;
  let q = orderRows(db).where('o.id', '>', query.after).orderBy('o.id').limit(query.limit);
  if (query.unacknowledged === 'true') q = q.where('o.erp_acknowledged_at', 'is', null);
  const orders = await q.execute();
  const ids = orders.map((o) => o.id);
  return {
    orders: await withItems(db, orders),
    nextCursor: ids.length > 0 ? ids[ids.length - 1]! : query.after,
  };
}

function orderRows(db: Kysely<Database>) {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('users as placer', 'placer.id', 'o.user_id')
    .leftJoin('users as approver', 'approver.id', 'o.approved_by_user_id')
    .selectAll('o')
    .select([
      'c.erp_code',
      'placer.name as placer_name',
      'placer.email as placer_email',
      'approver.name as approver_name',
      'approver.email as approver_email',
    ]);
}

/**
 * One order as the ERP sees it (the shape of `GET /api/integration/orders`), read with `db` — the
 * webhook events read it inside the transaction that placed or changed it.
 */
export async function exportedOrder(db: Kysely<Database>, id: number): Promise<ExportedOrder> {
  const orders = await orderRows(db).where('o.id', '=', id).execute();
  const [order] = await withItems(db, orders);
  if (!order) throw new Error(`order ${id} not found`);
  return order;
}

async function withItems(
  db: Kysely<Database>,
  orders: Awaited<ReturnType<ReturnType<typeof orderRows>['execute']>>,
): Promise<ExportedOrder[]> {
  const ids = orders.map((o) => o.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['order_id', 'sku', 'name', 'quantity', 'unit_price', 'vat', 'line_gross', 'line_net'])
          .where('order_id', 'in', ids)
          .orderBy('order_id')
          .orderBy('id')
          .execute();
  return orders.map((o) => ({
    id: o.id,
    createdAt: o.created_at,
    status: o.status,
    customer: {
      id: o.customer_id,
      erpCode: o.erp_code,
      name: o.customer_name,
      email: o.customer_email,
      taxNumber: o.customer_tax_number,
    },
    billing: {
      country: o.billing_country,
      zip: o.billing_zip,
      city: o.billing_city,
      aptSuite: o.billing_apt_suite,
    },
    shipping:
      o.shipping_zip === null && o.shipping_city === null
        ? null
        : {
            country: o.shipping_country,
            zip: o.shipping_zip,
            city: o.shipping_city,
            aptSuite: o.shipping_apt_suite,
          },
    shippingMethodCode: o.shipping_method_code,
    paymentMethodCode: o.payment_method_code,
    paymentTermDays: Number(o.payment_term_days),
    deliveryDate: o.delivery_date,
    purchaseOrderNumber: o.purchase_order_number,
    commentWebshop: o.comment_webshop,
    commentSupplier: o.comment_supplier,
    itemsSumGross: Number(o.items_sum_gross),
    itemsSumNet: Number(o.items_sum_net),
    logisticsCost: Number(o.logistics_cost),
    shippingCost: Number(o.shipping_cost),
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        sku: i.sku,
        name: i.name,
        quantity: Number(i.quantity),
        unitPrice: Number(i.unit_price),
        vat: Number(i.vat),
        lineGross: Number(i.line_gross),
        lineNet: Number(i.line_net),
      })),
    acknowledgedAt: o.erp_acknowledged_at,
    placedBy:
      o.placer_name === null || o.placer_email === null
        ? null
        : { userId: o.user_id, name: o.placer_name, email: o.placer_email },
    approvedBy:
      o.approved_by_user_id === null || o.approver_name === null || o.approver_email === null
        ? null
        : { userId: o.approved_by_user_id, name: o.approver_name, email: o.approver_email },
  }));
}

export async function acknowledgeOrders(
  ctx: AppContext,
  orderIds: readonly number[],
): Promise<{ acknowledged: number[]; alreadyAcknowledged: number[]; unknown: number[] }> {
  const ids = [...new Set(orderIds)];
  const at = ctx.now().toISOString();
  return ctx.database.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('orders')
      .select(['id', 'erp_acknowledged_at'])
      .where('id', 'in', ids)
      .execute();
    const known = new Map(rows.map((r) => [r.id, r.erp_acknowledged_at]));
    const fresh = ids.filter((id) => known.has(id) && known.get(id) === null);
    if (fresh.length > 0) {
      await trx
        .updateTable('orders')
        .set({ erp_acknowledged_at: at })
        .where('id', 'in', fresh)
        .where('erp_acknowledged_at', 'is', null)
        .execute();
    }
    return {
      acknowledged: fresh,
      alreadyAcknowledged: ids.filter((id) => known.has(id) && known.get(id) !== null),
      unknown: ids.filter((id) => !known.has(id)),
    };
  });
}
