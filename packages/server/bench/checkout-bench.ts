/**
 * npm run bench:checkout — the cart and checkout under concurrent buyers, on the large catalogue.
 * For SQLite (and PostgreSQL when reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local default):
 * creates a fresh database, seeds the demo data plus the large catalogue, starts the built server in its
 * own process, creates N buyers (customers with a user, an address on an every-day route and a payment
 * method) straight in the database, signs their tokens, and measures
 *  1. POST /api/cart/set-product-quantity with autocannon, one connection per buyer, the buyers' tokens and
 *     20 SKUs in rotation: p50/p95/p99 and requests per second, twice: at saturation (every buyer sends
 *     its next request as soon as the last one is answered: the throughput), and with buyers who think
 *     between clicks (a random pause averaging buyers / --rate seconds, default rate 100 requests per
 *     second over all buyers = a click every 0.5 s per buyer: the latency a buyer sees while the others
 *     shop); between the two, GET /api/cart flat out over the filled carts (before set-product-quantity
 *     answered the cart itself, the web read it after every click);
 *  2. POST /api/orders/place-order: rounds in which every buyer fills its cart (3 lines, one of them a
 *     "hot" product with little stock), chooses home delivery, a delivery day and a payment method, then
 *     all buyers place their orders at once; orders per second over the place-order phases only, and the
 *     latency of each call;
 *  3. the oversell check: per product, stock decrement = sum of ordered quantities, and no stock below 0.
 * Options: --products N (default 100000), --buyers N (default 50), --rounds N (default 10),
 * --duration S (set-product-quantity seconds, default 8), --rate N (default 100), --hot-stock N (default 300),
 * --only sqlite|postgres, --phases LIST (comma separated, default all: saturated = set-product-quantity
 * flat out, cart-read = GET /api/cart flat out, paced = set-product-quantity with pauses, orders =
 * place-order and the oversell check; a phase left out is not judged).
 * Exits 1 when a SQLite target is missed (set-product-quantity p95 under 30 ms for buyers who pause,
 * at least 200 orders per second), a call failed or stock was oversold on any database; a database
 * that was not measured is printed as SKIPPED.
 */
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import type { AppContext } from '../src/app-context';
import { createDatabase, type DatabaseHandle } from '../src/db/connection';
import { createAuth } from '../src/http/auth';
import {
  bearerJsonInit,
  createTarget,
  databasesToMeasure,
  type Figures,
  largeCatalogueOptions,
  listOption,
  measure,
  latencyPercentiles,
  numberOption,
  printTable,
  run,
  seedLargeCatalogue,
  startServer,
} from './bench-lib';
import { finish, judgeCheckout, type CheckoutQuantityRow } from './bench-verdict';

const { products, duration, only } = largeCatalogueOptions(100_000);
const buyerCount = numberOption('buyers', 50, 1, 1000);
const rounds = numberOption('rounds', 10, 1, 1000);
const hotStock = numberOption('hot-stock', 300, 1);
const rate = numberOption('rate', 100, 1);
const PLENTY = 10_000_000;
const PHASES = ['saturated', 'cart-read', 'paced', 'orders'] as const;
type Phase = (typeof PHASES)[number];
const phases = listOption('phases', PHASES, PHASES, `a comma-separated list of ${PHASES.join(', ')}`);
const runs = (phase: Phase): boolean => phases.has(phase);

interface Buyer {
  customerId: number;
  token: string;
}

interface OrderFigures {
  dialect: 'sqlite' | 'postgres';
  orders: number;
  refused: Record<string, number>;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  oversold: number;
  negative: number;
  hotSold: number;
  hotDecrement: number;
  hotFinal: number;
}

/**
 * An autocannon request that each call sends as the next buyer (its token); `body(n)` gives the
 * JSON body of the n-th call.
 */
function buyersInTurn(
  method: 'GET' | 'POST',
  path: string,
  buyers: Buyer[],
  body?: (n: number) => unknown,
): autocannon.Request {
  let n = 0;
  return {
    method,
    path,
    setupRequest: (request) => {
      n += 1;
      const authorization = `Bearer ${buyers[n % buyers.length]!.token}`;
      if (!body) return { ...request, headers: { ...request.headers, authorization } };
      return {
        ...request,
        headers: { ...request.headers, authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body(n)),
      };
    },
  };
}

/**
 * Buyers who think between clicks: each buyer sends a request, waits for the answer, then pauses a
 * random 0 to 2 × `thinkMs` (mean `thinkMs`) before the next. Latency percentiles over every answer.
 */
async function measureWithThinkTime(
  name: string,
  buyers: number,
  thinkMs: number,
  send: (buyer: number, i: number) => Promise<number>,
): Promise<Figures> {
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let count = 0;
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const status = await send(buyer, count);
          if (status < 200 || status >= 300) non2xx += 1;
        } catch {
          errors += 1;
        }
        times.push(performance.now() - t0);
        count += 1;
        await new Promise((r) => setTimeout(r, Math.random() * 2 * thinkMs));
      }
    }),
  );
  return {
    name,
    ...latencyPercentiles(times),
    rps: Math.round(times.length / duration),
    non2xx,
    errors,
  };
}

async function post(
  url: string,
  token: string,
  body?: unknown,
  method = 'POST',
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, bearerJsonInit(method, token, body));
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** Buyers, the products they buy, and the stock before. */
async function prepareData(handle: DatabaseHandle, jwtSecret: string) {
  const db = handle.db;
  const candidates = await db
    .selectFrom('products as p')
    .innerJoin('price_entries as pe', 'pe.product_id', 'p.id')
    .select(['p.id', 'p.sku'])
    .where('p.is_active', '=', 1)
    .where('pe.price_group', 'is', null)
    .where('pe.quantitative_unit', '=', 'piece')
    .groupBy(['p.id', 'p.sku'])
    .orderBy('p.id', 'desc')
    .limit(21)
    .execute();
  if (candidates.length < 21) throw new Error('not enough priced products');
  const [hot, ...plain] = candidates;
  // Plain rules for the measured products: no minimum, maximum or step, so the load is the same for all.
  await db
    .updateTable('products')
    .set({
      stock: PLENTY,
      is_orderable: 1,
      min_order_quantity: null,
      max_order_quantity: null,
      order_quantity_step: 1,
    })
    .where(
      'id',
      'in',
      plain.map((p) => p.id),
    )
    .execute();
  await db
    .updateTable('products')
    .set({
      stock: hotStock,
      is_orderable: 1,
      min_order_quantity: null,
      max_order_quantity: null,
      order_quantity_step: 1,
    })
    .where('id', '=', hot!.id)
    .execute();

  const route = await db
    .insertInto('delivery_routes')
    .values({ name: 'Bench every day', weekdays: '1,2,3,4,5,6,7', cutoff_time: '23:59', route_time: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const delivery = await db
    .selectFrom('shipping_methods')
    .select('code')
    .where('is_home_delivery', '=', 1)
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();

  const ctx = { config: { jwtSecret }, now: () => new Date() } as unknown as AppContext;
  const auth = createAuth(ctx);
  const stamp = Date.now().toString(36);
  const buyers: Buyer[] = [];
  for (let i = 0; i < buyerCount; i += 1) {
    const customer = await db
      .insertInto('customers')
      .values({
        name: `Bench Buyer ${i + 1} Kft.`,
        email: `bench-buyer-${stamp}-${i}@example.com`,
        billing_country: 'Magyarország',
        billing_country_code: 'HU',
        billing_zip: '1111',
        billing_city: 'Budapest',
        billing_apt_suite: `Bench utca ${i + 1}.`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shipping_addresses')
      .values({
        customer_id: customer.id,
        zip: '1111',
        city: 'Budapest',
        apt_suite: `Bench utca ${i + 1}.`,
        country: 'Magyarország',
        country_code: 'HU',
        logistics_cost: 100000,
        delivery_route_id: route.id,
      })
      .execute();
    await db
      .insertInto('customer_payment_methods')
      .values({ customer_id: customer.id, payment_method_id: payment.id })
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        email: `bench-user-${stamp}-${i}@example.com`,
        password_hash: 'bench-no-login',
        role: 'customer',
        name: `Bench Buyer ${i + 1}`,
        customer_id: customer.id,
        is_active: 1,
        email_verified_at: new Date().toISOString(),
        approved_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await auth.sign(
      { userId: user.id, customerId: customer.id, isAgent: false, role: 'customer', tokenVersion: 0 },
      true,
    );
    buyers.push({ customerId: customer.id, token });
  }
  const stockBefore = new Map<number, number>(
    (await db.selectFrom('products').select(['id', 'stock']).execute()).map((row) => [
      row.id,
      Number(row.stock),
    ]),
  );
  return { hot: hot!, plain, buyers, paymentMethodId: payment.id, deliveryCode: delivery.code, stockBefore };
}

async function benchDialect(
  dialect: 'sqlite' | 'postgres',
): Promise<{ quantity: CheckoutQuantityRow[]; orders: OrderFigures | null }> {
  const target = await createTarget(dialect);
  const jwtSecret = randomBytes(32).toString('hex');
  try {
    await seedLargeCatalogue(target, products);
    const handle = createDatabase(
      dialect === 'sqlite'
        ? { kind: 'sqlite', file: target.databaseUrl.slice('sqlite:'.length) }
        : { kind: 'postgres', url: target.databaseUrl },
      { poolSize: 4 },
    );
    try {
      const data = await prepareData(handle, jwtSecret);
      const server = await startServer(target, { JWT_SECRET: jwtSecret });
      try {
        const base = `${server.url}/api`;

        // 1. set-product-quantity, one connection per buyer: saturated, then at a fixed rate.
        const skus = data.plain.map((p) => p.sku);
        const requests = [
          buyersInTurn('POST', '/api/cart/set-product-quantity', data.buyers, (n) => ({
            productSku: skus[(n * 7) % skus.length],
            quantity: 1 + (n % 5),
          })),
        ];
        const quantity: CheckoutQuantityRow[] = [];
        const saturated =
          runs('saturated') &&
          (await measure(`${dialect}: set-product-quantity, ${buyerCount} buyers, saturated`, server.url, {
            connections: buyerCount,
            duration,
            requests,
          }));
        // GET /api/cart flat out over the carts the clicks above filled: what a click cost the web
        // before set-product-quantity answered the cart itself (a call, then this read).
        const cartRead =
          runs('cart-read') &&
          (await measure(`${dialect}: GET /api/cart, ${buyerCount} buyers, saturated`, server.url, {
            connections: buyerCount,
            duration,
            requests: [buyersInTurn('GET', '/api/cart', data.buyers)],
          }));
        const thinkMs = Math.round((buyerCount / rate) * 1000);
        const rated =
          runs('paced') &&
          (await measureWithThinkTime(
            `${dialect}: set-product-quantity, ${buyerCount} buyers thinking ${thinkMs} ms on average`,
            buyerCount,
            thinkMs,
            async (b, i) => {
              const res = await fetch(`${base}/cart/set-product-quantity`, {
                method: 'POST',
                headers: {
                  authorization: `Bearer ${data.buyers[b]!.token}`,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({ productSku: skus[(i * 7) % skus.length], quantity: 1 + (i % 5) }),
              });
              await res.arrayBuffer();
              return res.status;
            },
          ));
        for (const [f, paced] of [
          [saturated, false],
          [cartRead, false],
          [rated, true],
        ] as const) {
          if (!f) continue;
          console.log(`  ${f.name}: p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, ${f.rps} req/s`);
          quantity.push({ ...f, dialect, paced });
        }
        if (!runs('orders')) return { quantity, orders: null };
        await Promise.all(data.buyers.map((b) => post(`${base}/cart/delete`, b.token, undefined, 'DELETE')));

        // 2. place-order rounds.
        const times: number[] = [];
        const refused: Record<string, number> = {};
        let orders = 0;
        let failures = 0;
        let phaseMs = 0;
        for (let round = 0; round < rounds; round += 1) {
          await Promise.all(
            data.buyers.map(async (buyer, i) => {
              const lines: [string, number][] = [
                [data.hot.sku, 1 + ((i + round) % 3)],
                [skus[(i + round) % skus.length]!, 1 + (i % 4)],
                [skus[(i * 3 + round + 1) % skus.length]!, 2],
              ];
              for (const [sku, qty] of lines)
                await post(`${base}/cart/set-product-quantity`, buyer.token, {
                  productSku: sku,
                  quantity: qty,
                });
              await post(
                `${base}/cart/shipping-method`,
                buyer.token,
                { shippingMethodCode: data.deliveryCode },
                'PUT',
              );
              await post(
                `${base}/cart/payment-method`,
                buyer.token,
                { paymentMethodId: data.paymentMethodId },
                'PUT',
              );
              const days = await fetch(`${base}/cart/delivery-days`, {
                headers: { authorization: `Bearer ${buyer.token}` },
              });
              const first = ((await days.json()) as { days: { date: string }[] }).days[0]?.date;
              if (first)
                await post(`${base}/cart/delivery-date`, buyer.token, { deliveryDate: first }, 'PUT');
            }),
          );
          const started = performance.now();
          await Promise.all(
            data.buyers.map(async (buyer) => {
              const t0 = performance.now();
              const res = await post(`${base}/orders/place-order`, buyer.token);
              times.push(performance.now() - t0);
              const body = res.json as { data?: unknown } | null;
              if (res.status === 200 && body?.data === true) orders += 1;
              else if (res.status === 200 && Array.isArray(body?.data)) {
                for (const e of body.data as { error: string }[])
                  refused[e.error] = (refused[e.error] ?? 0) + 1;
              } else failures += 1;
            }),
          );
          phaseMs += performance.now() - started;
        }
        // 3. Oversell check over every product that was ordered.
        const sold = await handle.db
          .selectFrom('order_items as oi')
          .innerJoin('orders as o', 'o.id', 'oi.order_id')
          .innerJoin('customers as c', 'c.id', 'o.customer_id')
          .select(['oi.product_id'])
          .select((eb) => eb.fn.sum<number>('oi.quantity').as('quantity'))
          .where('c.email', 'like', 'bench-buyer-%')
          .groupBy('oi.product_id')
          .execute();
        const after = new Map<number, number>(
          (await handle.db.selectFrom('products').select(['id', 'stock']).execute()).map((row) => [
            row.id,
            Number(row.stock),
          ]),
        );
        let oversold = 0;
        for (const row of sold) {
          if (row.product_id === null) continue;
          const decrement = (data.stockBefore.get(row.product_id) ?? 0) - (after.get(row.product_id) ?? 0);
          if (decrement !== Number(row.quantity)) oversold += 1;
        }
        const negative = [...after.values()].filter((stock) => stock < 0).length;
        const hotSold = Number(sold.find((row) => row.product_id === data.hot.id)?.quantity ?? 0);
        const hotFinal = after.get(data.hot.id) ?? 0;
        const figures: OrderFigures = {
          dialect,
          orders,
          refused,
          seconds: Math.round(phaseMs) / 1000,
          ordersPerSecond: Math.round((orders / (phaseMs / 1000)) * 10) / 10,
          ...latencyPercentiles(times),
          failures,
          oversold,
          negative,
          hotSold,
          hotDecrement: hotStock - hotFinal,
          hotFinal,
        };
        console.log(
          `  ${dialect}: ${orders} orders in ${figures.seconds} s = ${figures.ordersPerSecond} orders/s`,
          refused,
        );
        return { quantity, orders: figures };
      } finally {
        await server.stop();
      }
    } finally {
      await handle.close();
    }
  } finally {
    await target.cleanup();
  }
}

async function main(): Promise<void> {
  await run('npm', ['run', 'build', '-w', '@shop/server'], {});
  const quantityRows: CheckoutQuantityRow[] = [];
  const orderRows: OrderFigures[] = [];
  const { dialects, skipped } = await databasesToMeasure(only);
  for (const dialect of dialects) {
    const result = await benchDialect(dialect);
    quantityRows.push(...result.quantity);
    if (result.orders) orderRows.push(result.orders);
  }
  printTable(
    `Checkout benchmark: ${products} products, ${buyerCount} buyers, set-product-quantity for ${duration} s`,
    quantityRows,
  );
  if (orderRows.length > 0) {
    console.log(
      `\nplace-order: ${rounds} rounds, all ${buyerCount} buyers at once; hot product stock ${hotStock}`,
    );
    console.log(
      '| database | orders | orders/s | p50 ms | p95 ms | p99 ms | refused | failed | hot sold / decrement / final | products oversold | stock < 0 |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---|---:|---|---:|---:|');
    for (const r of orderRows) {
      const refusedText =
        Object.entries(r.refused)
          .map(([code, n]) => `${code} ${n}`)
          .join(', ') || '0';
      console.log(
        `| ${r.dialect} | ${r.orders} | ${r.ordersPerSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${refusedText} | ${r.failures} | ` +
          `${r.hotSold} / ${r.hotDecrement} / ${r.hotFinal} | ${r.oversold} | ${r.negative} |`,
      );
    }
  }
  const left = PHASES.filter((phase) => !runs(phase));
  finish(
    judgeCheckout(quantityRows, orderRows, [
      ...skipped,
      ...(left.length > 0 ? [`phases not run (--phases): ${left.join(', ')}`] : []),
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
