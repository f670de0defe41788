import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { companyCustomerRow } from './company-customer-row';
import type { RouteName } from './demo-shop-setup';
import { insertRows, insertRowsReturning } from './seed-db';

/** The demo customers (companies), their shipping addresses and allowed payment methods. */

export interface AddressDef {
  zip: string;
  city: string;
  apt: string;
  route: RouteName;
  logisticsCost: number;
  note: string | null;
}

export interface CustomerDef {
  key: 'demo' | 'hoasen' | 'aranysarkany' | 'napsugar' | 'pending' | 'forced';
  name: string;
  email: string;
  phone: string;
  registration: string;
  taxBase: string;
  county: string;
  billing: { zip: string; city: string; apt: string };
  withAgent: boolean;
  discountBp: number;
  addresses: AddressDef[];
  payments: Array<[code: string, days: number]>;
}

export const CUSTOMERS: CustomerDef[] = [
  {
    key: 'demo',
    name: 'Lotus Ázsia Market Kft.',
    email: 'customer@example.com',
    phone: '+36 30 555 1234',
    registration: '01-09-345678',
    taxBase: '1357924',
    county: '42',
    billing: { zip: '1087', city: 'Budapest', apt: 'Kerepesi út 29/B.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1134',
        city: 'Budapest',
        apt: 'Váci út 45. (Lotus Market üzlet)',
        route: 'Budapest Észak',
        logisticsCost: 0,
        note: 'Áruátvétel a hátsó rakodónál, 6:00 és 10:00 között.',
      },
      {
        zip: '2310',
        city: 'Szigetszentmiklós',
        apt: 'Gyári út 9. (raktár)',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: 'Érkezés előtt hívják a raktárvezetőt: +36 30 555 4321.',
      },
    ],
    payments: [
      ['bank_transfer', 8],
      ['bank_transfer', 30],
      ['cash', 0],
      ['debit_card', 0],
      ['instant_payment', 0],
    ],
  },
  {
    key: 'hoasen',
    name: 'Hoa Sen Élelmiszer Kft.',
    email: 'hoasen@example.com',
    phone: '+36 20 555 2345',
    registration: '01-09-456789',
    taxBase: '2468135',
    county: '42',
    billing: { zip: '1106', city: 'Budapest', apt: 'Jászberényi út 55.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1106',
        city: 'Budapest',
        apt: 'Jászberényi út 55.',
        route: 'Budapest Dél',
        logisticsCost: 0,
        note: 'Kapucsengő: Hoa Sen.',
      },
    ],
    payments: [
      ['cash', 0],
      ['cash_and_card', 0],
      ['deferred_cash', 7],
      ['bank_transfer', 15],
    ],
  },
  {
    key: 'aranysarkany',
    name: 'Aranysárkány Kereskedelmi Bt.',
    email: 'aranysarkany@example.com',
    phone: '+36 70 555 3456',
    registration: '13-06-567890',
    taxBase: '3692581',
    county: '13',
    billing: { zip: '2030', city: 'Érd', apt: 'Budafoki út 12.' },
    withAgent: true,
    discountBp: 250,
    addresses: [
      {
        zip: '2030',
        city: 'Érd',
        apt: 'Budafoki út 12.',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: null,
      },
      {
        zip: '2040',
        city: 'Budaörs',
        apt: 'Szabadság út 140. (piaci üzlet)',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: 'Csak délelőtt.',
      },
    ],
    payments: [
      ['bank_transfer', 8],
      ['debit_card', 0],
    ],
  },
  {
    key: 'napsugar',
    name: 'Napsugár ABC Kft.',
    email: 'napsugar@example.com',
    phone: '+36 76 555 456',
    registration: '03-09-678901',
    taxBase: '4815162',
    county: '03',
    billing: { zip: '6000', city: 'Kecskemét', apt: 'Kossuth tér 3.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '6000',
        city: 'Kecskemét',
        apt: 'Kossuth tér 3.',
        route: 'Vidék',
        logisticsCost: 350_000,
        note: null,
      },
    ],
    payments: [
      ['bank_transfer', 14],
      ['bank_transfer', 30],
      ['deferred_cash', 8],
    ],
  },
  {
    key: 'pending',
    name: 'Friss Pont Kft.',
    email: 'pending@example.com',
    phone: '+36 30 555 5678',
    registration: '01-09-789012',
    taxBase: '5927384',
    county: '43',
    billing: { zip: '1097', city: 'Budapest', apt: 'Könyves Kálmán körút 12.' },
    withAgent: false,
    discountBp: 0,
    addresses: [
      {
        zip: '1097',
        city: 'Budapest',
        apt: 'Könyves Kálmán körút 12.',
        route: 'Budapest Dél',
        logisticsCost: 0,
        note: null,
      },
    ],
    payments: [
      ['cash', 0],
      ['debit_card', 0],
    ],
  },
  {
    key: 'forced',
    name: 'Kelet Ázsia Bolt Kft.',
    email: 'forced@example.com',
    phone: '+36 20 555 6789',
    registration: '01-09-890123',
    taxBase: '6039475',
    county: '41',
    billing: { zip: '1044', city: 'Budapest', apt: 'Megyeri út 51.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1044',
        city: 'Budapest',
        apt: 'Megyeri út 51.',
        route: 'Budapest Észak',
        logisticsCost: 0,
        note: null,
      },
    ],
    payments: [
      ['cash', 0],
      ['bank_transfer', 8],
    ],
  },
];

export type CustomerKey = CustomerDef['key'];

/** Inserts the customers (the agent looks after those marked withAgent); returns their ids by key. */
export async function insertCustomers(
  db: Kysely<Database>,
  agentId: number,
  createdAt: string,
  nowIso: string,
): Promise<(key: CustomerKey) => number> {
  const customerIds = await insertRowsReturning(
    db,
    'customers',
    CUSTOMERS.map((c) =>
      companyCustomerRow({
        ...c,
        agentUserId: c.withAgent ? agentId : null,
        createdAt,
        updatedAt: nowIso,
      }),
    ),
    'email',
  );
  return (key: CustomerKey): number => {
    const def = CUSTOMERS.find((c) => c.key === key);
    const id = def ? customerIds.get(def.email) : undefined;
    if (id === undefined) throw new Error(`customer ${key} was not inserted`);
    return id;
  };
}

/** Inserts every customer's shipping addresses; returns their ids by customer key, in order. */
export async function insertShippingAddresses(
  db: Kysely<Database>,
  customerId: (key: CustomerKey) => number,
  createdAt: string,
): Promise<Map<CustomerKey, number[]>> {
  const routes = await db.selectFrom('delivery_routes').select(['id', 'name']).execute();
  const routeId = new Map(routes.map((r) => [r.name, r.id]));
  // Addresses one by one so that each id is known (a handful of rows).
  const addressIds = new Map<CustomerKey, number[]>();
  for (const c of CUSTOMERS) {
    const list: number[] = [];
    for (const a of c.addresses) {
      const row = await db
        .insertInto('shipping_addresses')
        .values({
          customer_id: customerId(c.key),
          zip: a.zip,
          city: a.city,
          apt_suite: a.apt,
          country: 'Magyarország',
          country_code: 'HU',
          logistics_cost: a.logisticsCost,
          note: a.note,
          delivery_route_id: routeId.get(a.route) ?? null,
          is_active: 1,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      list.push(row.id);
    }
    addressIds.set(c.key, list);
  }

  return addressIds;
}

export interface PaymentMethodRow {
  id: number;
  code: string;
  term_days: number;
  name: string;
}

/** The seeded payment method with this code and term (throws when there is none). */
export async function paymentMethodFinder(
  db: Kysely<Database>,
): Promise<(code: string, days: number) => PaymentMethodRow> {
  const methods = await db
    .selectFrom('payment_methods')
    .select(['id', 'code', 'term_days', 'name'])
    .execute();
  return (code: string, days: number) => {
    const method = methods.find((m) => m.code === code && m.term_days === days);
    if (!method) throw new Error(`no payment method ${code}/${days}`);
    return method;
  };
}

/** Allows each customer the payment methods of its definition. */
export async function insertCustomerPaymentMethods(
  db: Kysely<Database>,
  customerId: (key: CustomerKey) => number,
  methodOf: (code: string, days: number) => PaymentMethodRow,
): Promise<void> {
  await insertRows(
    db,
    'customer_payment_methods',
    CUSTOMERS.flatMap((c) =>
      c.payments.map(([code, days]) => ({
        customer_id: customerId(c.key),
        payment_method_id: methodOf(code, days).id,
      })),
    ),
  );
}
