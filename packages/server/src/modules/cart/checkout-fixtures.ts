import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../app-context';
import type { DatabaseHandle } from '../../db/connection';
import type { PackUnit } from '../../db/schema';
import { createAuth } from '../../http/auth';
import { testBillingAddress } from '../../../test/account-fixtures';

/**
 * Test data for the cart, checkout and order tests, inserted straight into a fresh test database
 * (no demo seed). Users get an unusable password hash: the tests sign their tokens directly.
 */

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export interface ProductFixture {
  id: number;
  sku: string;
}

export interface PriceEntryFixture {
  price: number;
  specialPrice?: number | null;
  specialPriceStart?: string | null;
  specialPriceEnd?: string | null;
  quantityDiscount?: number;
  unit?: PackUnit;
  priceGroup?: string | null;
}

export async function insertProduct(
  database: DatabaseHandle,
  values: {
    sku?: string;
    name?: string;
    nameEn?: string;
    vat?: number;
    weight?: number;
    stock?: number;
    isActive?: boolean;
    isOrderable?: boolean;
    minOrderQuantity?: PackUnit | null;
    maxOrderQuantity?: PackUnit | null;
    step?: number;
    prices?: PriceEntryFixture[];
    packs?: { unit: PackUnit; pieces: number; barcode?: string | null }[];
  } = {},
): Promise<ProductFixture> {
  const n = next();
  const sku = values.sku ?? `TST-${n}-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const db = database.db;
  const row = await db
    .insertInto('products')
    .values({
      sku,
      vat: values.vat ?? 27,
      weight: values.weight ?? 500,
      stock: values.stock ?? 100,
      is_active: values.isActive === false ? 0 : 1,
      is_orderable: values.isOrderable === false ? 0 : 1,
      min_order_quantity: values.minOrderQuantity ?? null,
      max_order_quantity: values.maxOrderQuantity ?? null,
      order_quantity_step: values.step ?? 1,
      search_text: sku.toLowerCase(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_details')
    .values([
      { product_id: row.id, language: 'hu', name: values.name ?? `Termék ${n}`, description: 'Leírás' },
      {
        product_id: row.id,
        language: 'en',
        name: values.nameEn ?? `Product ${n}`,
        description: 'Description',
      },
    ])
    .execute();
  const prices = values.prices ?? [{ price: 10000 }];
  if (prices.length > 0) {
    await db
      .insertInto('price_entries')
      .values(
        prices.map((p) => ({
          product_id: row.id,
          price_group: p.priceGroup ?? null,
          price: p.price,
          special_price: p.specialPrice ?? null,
          special_price_start: p.specialPriceStart ?? null,
          special_price_end: p.specialPriceEnd ?? null,
          quantity_discount: p.quantityDiscount ?? 1,
          quantitative_unit: p.unit ?? 'piece',
        })),
      )
      .execute();
  }
  const packs = values.packs ?? [{ unit: 'piece' as PackUnit, pieces: 1, barcode: null }];
  if (packs.length > 0) {
    await db
      .insertInto('pack_sizes')
      .values(
        packs.map((p) => ({
          product_id: row.id,
          unit: p.unit,
          pieces: p.pieces,
          barcode: p.barcode ?? null,
        })),
      )
      .execute();
  }
  return { id: row.id, sku };
}

export interface MethodsFixture {
  homeDelivery: number;
  pickup: number;
  bankTransfer: number;
  cash: number;
  card: number;
}

/** The shop's shipping methods and three payment methods (card is assigned to nobody by default). */
export async function insertMethods(database: DatabaseHandle): Promise<MethodsFixture> {
  const db = database.db;
  const shipping = await db
    .insertInto('shipping_methods')
    .values([
      {
        code: 'home-delivery',
        name: 'Kiszállítás',
        cost: 0,
        is_home_delivery: 1,
        is_active: 1,
        sort_order: 1,
      },
      {
        code: 'pickup-customer',
        name: 'Személyes átvétel (vevő)',
        cost: 0,
        is_home_delivery: 0,
        is_active: 1,
        sort_order: 2,
      },
      {
        code: 'pickup-employee',
        name: 'Személyes átvétel (munkatárs)',
        cost: 0,
        is_home_delivery: 0,
        is_active: 1,
        sort_order: 3,
      },
      {
        code: 'invoice-only',
        name: 'Csak számla',
        cost: 50000,
        is_home_delivery: 0,
        is_active: 1,
        sort_order: 4,
      },
      { code: 'retired', name: 'Régi mód', cost: 0, is_home_delivery: 0, is_active: 0, sort_order: 5 },
    ])
    .returning(['id', 'code'])
    .execute();
  const payment = await db
    .insertInto('payment_methods')
    .values([
      { code: 'bank-transfer', name: 'Átutalás', term_days: 8, is_active: 1, sort_order: 1, is_deferred: 1 },
      { code: 'cash', name: 'Készpénz', term_days: 0, is_active: 1, sort_order: 2, is_deferred: 0 },
      { code: 'debit-card', name: 'Bankkártya', term_days: 0, is_active: 1, sort_order: 3, is_deferred: 0 },
    ])
    .returning(['id', 'code'])
    .execute();
  const id = (rows: { id: number; code: string }[], code: string) => rows.find((r) => r.code === code)!.id;
  return {
    homeDelivery: id(shipping, 'home-delivery'),
    pickup: id(shipping, 'pickup-customer'),
    bankTransfer: id(payment, 'bank-transfer'),
    cash: id(payment, 'cash'),
    card: id(payment, 'debit-card'),
  };
}

export async function insertRoute(
  database: DatabaseHandle,
  values: { weekdays?: string; cutoffTime?: string; routeTime?: string | null; name?: string } = {},
): Promise<number> {
  const row = await database.db
    .insertInto('delivery_routes')
    .values({
      name: values.name ?? `Route ${next()}`,
      weekdays: values.weekdays ?? '1,2,3,4,5',
      cutoff_time: values.cutoffTime ?? '14:00',
      route_time: values.routeTime === undefined ? '08:00-12:00' : values.routeTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface BuyerFixture {
  customerId: number;
  userId: number;
  addressId: number;
  email: string;
  userEmail: string;
  name: string;
  token: string;
}

async function insertUserRow(
  database: DatabaseHandle,
  values: {
    role: 'customer' | 'agent' | 'staff';
    customerId: number | null;
    name: string;
    language?: string;
    email?: string;
  },
): Promise<{ id: number; email: string }> {
  const email = values.email ?? `user${next()}-${Date.now()}@example.com`;
  const row = await database.db
    .insertInto('users')
    .values({
      email,
      password_hash: 'not-a-real-hash',
      role: values.role,
      name: values.name,
      customer_id: values.customerId,
      language: values.language ?? 'hu',
      is_active: 1,
      email_verified_at: new Date().toISOString(),
      approved_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export async function insertAddress(
  database: DatabaseHandle,
  customerId: number,
  values: {
    routeId?: number | null;
    logisticsCost?: number;
    city?: string;
    note?: string | null;
    isActive?: boolean;
  } = {},
): Promise<number> {
  const row = await database.db
    .insertInto('shipping_addresses')
    .values({
      customer_id: customerId,
      zip: '6720',
      city: values.city ?? 'Szeged',
      apt_suite: 'Kárász utca 1.',
      country: 'Magyarország',
      country_code: 'HU',
      logistics_cost: values.logisticsCost ?? 150000,
      note: values.note ?? null,
      delivery_route_id: values.routeId ?? null,
      is_active: values.isActive === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs a token for a user the way login does. */
export async function tokenFor(
  ctx: AppContext,
  user: { userId: number; customerId: number | null; role: 'customer' | 'agent' | 'staff' },
): Promise<string> {
  return createAuth(ctx).sign(
    {
      userId: user.userId,
      customerId: user.customerId,
      isAgent: user.role === 'agent',
      role: user.role,
      tokenVersion: 0,
    },
    true,
  );
}

/** A customer with one user, one address and the given payment methods. */
export async function insertBuyer(
  ctx: AppContext,
  values: {
    paymentMethodIds?: number[];
    routeId?: number | null;
    agentUserId?: number | null;
    priceGroup?: string | null;
    discountBp?: number;
    language?: string;
    name?: string;
    logisticsCost?: number;
  } = {},
): Promise<BuyerFixture> {
  const n = next();
  const database = ctx.database;
  const name = values.name ?? `Vevő ${n} Kft.`;
  const email = `buyer${n}-${Date.now()}@example.com`;
  const customer = await database.db
    .insertInto('customers')
    .values({
      name,
      email,
      ...testBillingAddress(n),
      agent_user_id: values.agentUserId ?? null,
      price_group: values.priceGroup ?? null,
      customer_discount_bp: values.discountBp ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const addressId = await insertAddress(database, customer.id, {
    routeId: values.routeId ?? null,
    ...(values.logisticsCost !== undefined ? { logisticsCost: values.logisticsCost } : {}),
  });
  for (const paymentMethodId of values.paymentMethodIds ?? []) {
    await database.db
      .insertInto('customer_payment_methods')
      .values({ customer_id: customer.id, payment_method_id: paymentMethodId })
      .execute();
  }
  const user = await insertUserRow(database, {
    role: 'customer',
    customerId: customer.id,
    name,
    language: values.language ?? 'hu',
  });
  const token = await tokenFor(ctx, { userId: user.id, customerId: customer.id, role: 'customer' });
  return { customerId: customer.id, userId: user.id, addressId, email, userEmail: user.email, name, token };
}

export async function insertAgent(ctx: AppContext, values: { name?: string; language?: string } = {}) {
  const user = await insertUserRow(ctx.database, {
    role: 'agent',
    customerId: null,
    name: values.name ?? `Ügynök ${next()}`,
    language: values.language ?? 'hu',
  });
  const token = await tokenFor(ctx, { userId: user.id, customerId: null, role: 'agent' });
  return { userId: user.id, email: user.email, token };
}

export async function insertStaff(ctx: AppContext) {
  const user = await insertUserRow(ctx.database, { role: 'staff', customerId: null, name: 'Staff' });
  const token = await tokenFor(ctx, { userId: user.id, customerId: null, role: 'staff' });
  return { userId: user.id, token };
}

/** A small `inject` wrapper: JSON in, the response out. */
export function api(app: FastifyInstance) {
  return (
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
}
