import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { priceRows } from './catalogue-builder';
import { RULE_PRODUCTS } from './catalogue-data';
import { CUSTOMERS, type CustomerKey, type PaymentMethodRow } from './demo-customers';
import { isoDaysFrom, type DemoProductPlan } from './demo-products';
import { SHIPPING_METHODS } from './demo-shop-setup';
import { makeTaxNumber } from './hu-tax-number';
import { insertRows } from './seed-db';
import { SeedRandom } from './seed-random';

/** The demo order history: completed orders of the last two months. */

const dateOnly = (iso: string): string => iso.slice(0, 10);

interface OrderPlan {
  customer: CustomerKey;
  daysAgo: number;
  shipping: string;
  payment: [code: string, days: number];
  addressIndex: number;
  lines: number;
  byAgent: boolean;
  comment: string;
}

const ORDERS: OrderPlan[] = [
  {
    customer: 'demo',
    daysAgo: 52,
    shipping: 'delivery',
    payment: ['bank_transfer', 30],
    addressIndex: 0,
    lines: 6,
    byAgent: false,
    comment: '',
  },
  {
    customer: 'demo',
    daysAgo: 31,
    shipping: 'pickup_customer',
    payment: ['cash', 0],
    addressIndex: 0,
    lines: 4,
    byAgent: false,
    comment: 'Délután 3 körül jövünk érte.',
  },
  {
    customer: 'demo',
    daysAgo: 17,
    shipping: 'delivery',
    payment: ['bank_transfer', 8],
    addressIndex: 1,
    lines: 7,
    byAgent: true,
    comment: '',
  },
  {
    customer: 'demo',
    daysAgo: 5,
    shipping: 'delivery',
    payment: ['debit_card', 0],
    addressIndex: 0,
    lines: 5,
    byAgent: false,
    comment: 'Kérjük, a rizst raklapon hozzák.',
  },
  {
    customer: 'hoasen',
    daysAgo: 12,
    shipping: 'delivery',
    payment: ['bank_transfer', 15],
    addressIndex: 0,
    lines: 5,
    byAgent: true,
    comment: '',
  },
  {
    customer: 'aranysarkany',
    daysAgo: 8,
    shipping: 'pickup_employee',
    payment: ['bank_transfer', 8],
    addressIndex: 0,
    lines: 4,
    byAgent: true,
    comment: '',
  },
];

/** Who and what the orders refer to: the ids the earlier steps of the seed inserted. */
export interface OrderHistoryRefs {
  plan: DemoProductPlan;
  idsBySku: Map<string, number>;
  agentId: number;
  customerUserId: number;
  customerId: (key: CustomerKey) => number;
  addressIds: Map<CustomerKey, number[]>;
  methodOf: (code: string, days: number) => PaymentMethodRow;
}

export async function insertOrderHistory(
  db: Kysely<Database>,
  refs: OrderHistoryRefs,
  now: Date,
): Promise<void> {
  const { plan, idsBySku, agentId, customerUserId, customerId, addressIds, methodOf } = refs;
  // Order history: lines from active, orderable products with prices, whole cartons.
  const rng = new SeedRandom(7_031_999);
  const ruleSkus = new Set(RULE_PRODUCTS.map((r) => r.sku));
  const orderable = plan.products.filter(
    (p) =>
      p.isActive === 1 && p.isOrderable === 1 && p.piecePrice !== null && p.stock > 0 && !ruleSkus.has(p.sku),
  );
  const shippingNames = new Map(SHIPPING_METHODS.map((m) => [m.code, m.name]));
  const userIdOf = (order: OrderPlan): number =>
    order.byAgent || order.customer !== 'demo' ? agentId : customerUserId;

  for (const [index, order] of ORDERS.entries()) {
    const def = CUSTOMERS.find((c) => c.key === order.customer);
    if (!def) throw new Error(`no customer ${order.customer}`);
    const created = isoDaysFrom(now, -order.daysAgo);
    const isDelivery = order.shipping === 'delivery';
    const addressDef = def.addresses[order.addressIndex];
    const addressId = addressIds.get(def.key)?.[order.addressIndex] ?? null;
    const payment = methodOf(order.payment[0], order.payment[1]);
    const lines = rng
      .shuffle(orderable)
      .slice(0, order.lines)
      .map((product) => {
        const carton = product.packs.find((p) => p.unit === 'carton')?.pieces ?? 1;
        const quantity = carton * rng.int(1, 5);
        const entries = priceRows(product);
        const entry = [...entries].reverse().find((e) => e.pieces <= quantity) ?? entries[0];
        const unitPrice = entry?.price ?? 0;
        const lineGross = unitPrice * quantity;
        return {
          product_id: idsBySku.get(product.sku) ?? null,
          sku: product.sku,
          name: product.names.hu,
          quantity,
          unit_price: unitPrice,
          vat: product.vat,
          weight: product.weight,
          line_gross: lineGross,
          line_net: Math.round((lineGross * 100) / (100 + product.vat)),
        };
      });
    const logisticsCost = isDelivery ? (addressDef?.logisticsCost ?? 0) : 0;
    const inserted = await db
      .insertInto('orders')
      .values({
        customer_id: customerId(def.key),
        user_id: userIdOf(order),
        agent_user_id: def.withAgent ? agentId : null,
        // Negative ids never collide with real carts, whose ids start at 1.
        source_cart_id: -(index + 1),
        source_cart_version: 1,
        status: 'completed',
        language: 'hu',
        shipping_method_code: order.shipping,
        shipping_method_name: shippingNames.get(order.shipping) ?? order.shipping,
        payment_method_code: payment.code,
        payment_method_name: payment.name,
        payment_term_days: payment.term_days,
        delivery_date: isDelivery ? dateOnly(isoDaysFrom(now, -order.daysAgo + 1 + (index % 2))) : null,
        comment_webshop: order.comment,
        comment_supplier: '',
        customer_name: def.name,
        customer_email: def.email,
        customer_tax_number: makeTaxNumber(def.taxBase, 2, def.county),
        customer_company_registration_number: def.registration,
        billing_country: 'Magyarország',
        billing_country_code: 'HU',
        billing_zip: def.billing.zip,
        billing_city: def.billing.city,
        billing_apt_suite: def.billing.apt,
        shipping_address_id: isDelivery ? addressId : null,
        shipping_country: isDelivery ? 'Magyarország' : null,
        shipping_country_code: isDelivery ? 'HU' : null,
        shipping_zip: isDelivery ? (addressDef?.zip ?? null) : null,
        shipping_city: isDelivery ? (addressDef?.city ?? null) : null,
        shipping_apt_suite: isDelivery ? (addressDef?.apt ?? null) : null,
        items_sum_gross: lines.reduce((sum, l) => sum + l.line_gross, 0),
        items_sum_net: lines.reduce((sum, l) => sum + l.line_net, 0),
        items_count: lines.length,
        items_pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
        items_weight: lines.reduce((sum, l) => sum + l.weight * l.quantity, 0),
        logistics_cost: logisticsCost,
        shipping_cost: 0,
        erp_acknowledged_at: isoDaysFrom(now, -order.daysAgo + 0.01),
        created_at: created,
        updated_at: isoDaysFrom(now, -order.daysAgo + 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      db,
      'order_items',
      lines.map((l) => ({ ...l, order_id: inserted.id })),
    );
    await insertRows(db, 'order_status_history', [
      { order_id: inserted.id, status: 'new', changed_by_user_id: userIdOf(order), created_at: created },
      {
        order_id: inserted.id,
        status: 'completed',
        changed_by_user_id: null,
        created_at: isoDaysFrom(now, -order.daysAgo + 2),
      },
    ]);
  }
}
