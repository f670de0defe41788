import type { CartAdditionResponse, QuickOrderLine } from '@shop/shared/contracts/cart';
import { parseQuickOrderText, QUICK_ORDER_MAX_LINES } from '@shop/shared/contracts/cart';
import {
  ORDER_LIST_MAX_LINES,
  type CreateOrderListRequest,
  type ImportOrderListResponse,
  type MoveOrderListItemRequest,
  type MoveOrderListItemResponse,
  type OrderListDetail,
  type OrderListItemInput,
  type OrderListLine,
  type OrderListLineProblem,
  type OrderListSummary,
} from '@shop/shared/contracts/order-lists';
import type { PackUnitName } from '@shop/shared/contracts/products';
import type { AppContext } from '../../app-context';
import { runWrite } from '../../db/group-commit';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import {
  cartProductOf,
  correctFor,
  lineOrderability,
  loadPricedProducts,
  pricedLine,
} from '../cart/cart-pricing.service';
import * as cartRepo from '../cart/cart.repository';
import { addToCart, type AdditionRequest, hideOutsideAssortment, resolveCodes } from '../cart/cart.service';
import { productsOutsideAssortment } from '../assortments/assortment-membership';
import * as ordersRepo from '../orders/orders.repository';
import { readCatalogueSettings } from '../products/catalogue-cache.service';
import { type ActingCustomer, resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import { uniqueViolationColumn } from '../users/unique-violation';
import { parseCsv, parseXlsx } from '../admin-catalogue/import-file';
import * as repo from './order-lists.repository';

/**
 * Saved order lists (docs/product.md §3.11, issue 16). Every list belongs to the acting customer
 * (resolveActingCustomer: a customer's user, or an agent for the customer of its current address);
 * a list of another customer is ERR_ORDER_LIST_NOT_FOUND on every path, checked inside the write.
 * Lines keep products and pieces; prices, stock and orderability are read at every answer.
 */

const MAX_QUANTITY = 1_000_000;

function summaryOf(row: repo.ListRow, itemCount: number): OrderListSummary {
  return {
    id: row.id,
    name: row.name,
    itemCount,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A write that collided with another list of the customer with the same name. */
async function guardName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (uniqueViolationColumn(error) !== null) throw new AppError('ERR_ORDER_LIST_NAME_TAKEN');
    throw error;
  }
}

/** Sums lines of the same product, keeping the first one's position; quantities stay ≤ the maximum. */
function mergeLines(lines: readonly { productId: number; quantity: number }[]) {
  const merged = new Map<number, number>();
  for (const line of lines) {
    merged.set(line.productId, Math.min(MAX_QUANTITY, (merged.get(line.productId) ?? 0) + line.quantity));
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** SKUs → products; an unknown SKU is ERR_PRODUCT_NOT_FOUND `{ sku }` and nothing is written. */
async function resolveSkus(ctx: AppContext, customerId: number, items: readonly OrderListItemInput[]) {
  const skus = [...new Set(items.map((item) => item.sku))];
  const rows = await cartRepo.findProductsBySkus(ctx.database.db, skus);
  // A product outside the customer's assortment is not found (modules/assortments).
  const outside = await productsOutsideAssortment(
    ctx.database.db,
    customerId,
    rows.map((row) => row.id),
  );
  const bySku = new Map(rows.flatMap((row) => (outside.has(row.id) ? [] : [[row.sku, row.id] as const])));
  return mergeLines(
    items.map((item) => {
      const productId = bySku.get(item.sku);
      if (productId === undefined) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku: item.sku });
      return { productId, quantity: item.quantity };
    }),
  );
}

/* ------------------------------------------------------------------ GET /api/order-lists */

export async function listLists(ctx: AppContext, auth: AuthUser | null): Promise<OrderListSummary[]> {
  const acting = await resolveActingCustomer(ctx, auth);
  const rows = await repo.findListsOfCustomer(ctx.database.db, acting.customerId);
  return rows.map((row) => summaryOf(row, Number(row.item_count ?? 0)));
}

/* ------------------------------------------------------------- GET /api/order-lists/{listId} */

export async function getList(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  language: string,
): Promise<OrderListDetail> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  const list = await repo.findList(db, listId, acting.customerId);
  if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  return detailOf(ctx, acting, language, list, await repo.findItems(db, list.id));
}

function problemOf(line: ReturnType<typeof lineOrderability>): OrderListLineProblem | null {
  if (!line.isActive) return 'inactive';
  if (!line.isOrderable) return 'not_orderable';
  if (!(line.stock >= 1)) return 'out_of_stock';
  if (!line.hasPrice) return 'no_price';
  return null;
}

/** The list with the acting customer's prices, stock and orderability of now. */
async function detailOf(
  ctx: AppContext,
  acting: ActingCustomer,
  language: string,
  list: repo.ListRow,
  items: readonly repo.ListItemRow[],
): Promise<OrderListDetail> {
  const db = ctx.database.db;
  const now = ctx.now();
  const ids = items.map((item) => item.product_id);
  const [rows, details, packs, settings] = await Promise.all([
    cartRepo.findProductsByIds(db, ids),
    cartRepo.findProductDetails(db, ids, language),
    cartRepo.findPackSizes(db, ids),
    readCatalogueSettings(db),
  ]);
  const priced = await loadPricedProducts(db, rows, acting);
  const lines: OrderListLine[] = [];
  let totalGross = 0;
  let notOrderableCount = 0;
  for (const item of items) {
    const product = priced.get(item.product_id);
    if (!product) continue;
    const row = product.row;
    const orderability = lineOrderability(product);
    const problem = problemOf(orderability);
    const own = details.filter((d) => d.product_id === row.id);
    const detail = own.find((d) => d.language === language) ?? own.find((d) => d.language === 'hu') ?? own[0];
    const packSizes = packs
      .filter((p) => p.product_id === row.id)
      .map((p) => ({ unit: p.unit as PackUnitName, pieces: p.pieces, barcode: p.barcode }));
    const { prices, totals } = pricedLine(product, item.quantity, now);
    const correction = correctFor(product, item.quantity);
    if (problem === null) totalGross += totals.gross;
    else notOrderableCount += 1;
    lines.push({
      quantity: item.quantity,
      ...prices,
      lineGross: totals.gross,
      orderable: problem === null,
      problem,
      correctedQuantity: correction.quantity,
      warnings: correction.warnings,
      product: cartProductOf(product, detail, packSizes, settings.fewStockThreshold),
    });
  }
  return { ...summaryOf(list, lines.length), lines, totalGross, notOrderableCount };
}

/** Writes a list's lines in this order (the old ones go) and answers them as stored. */
async function writeItems(
  trx: Parameters<typeof repo.replaceItems>[0],
  listId: number,
  lines: Parameters<typeof repo.replaceItems>[2],
): Promise<repo.ListItemRow[]> {
  await repo.replaceItems(trx, listId, lines);
  return repo.findItems(trx, listId);
}

/* ------------------------------------------------------------------ POST /api/order-lists */

export async function createList(
  ctx: AppContext,
  auth: AuthUser | null,
  body: CreateOrderListRequest,
  language: string,
): Promise<OrderListDetail> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  let lines: { productId: number; quantity: number }[] = [];
  if (body.items) lines = await resolveSkus(ctx, acting.customerId, body.items);
  else if (body.fromOrderId !== undefined) {
    const order = await ordersRepo.findOrder(db, Number(body.fromOrderId));
    if (!order || order.customer_id !== acting.customerId) throw new AppError('NOT_FOUND');
    const items = await ordersRepo.findOrderItems(db, [order.id]);
    // A product deleted since the order has no id any more, and one outside the customer's
    // assortment is not found: neither is listed.
    const outside = await productsOutsideAssortment(
      db,
      acting.customerId,
      items.flatMap((item) => (item.product_id === null ? [] : [item.product_id])),
    );
    lines = mergeLines(
      items.flatMap((item) =>
        item.product_id === null || outside.has(item.product_id)
          ? []
          : [{ productId: item.product_id, quantity: item.quantity }],
      ),
    ).slice(0, ORDER_LIST_MAX_LINES);
  }
  const nowIso = ctx.now().toISOString();
  const name = body.name.trim();
  const written = await guardName(
    runWrite(ctx.database, async (trx) => {
      const list = await repo.insertList(trx, {
        customerId: acting.customerId,
        name,
        userId: acting.userId,
        nowIso,
      });
      return { list, items: await writeItems(trx, list.id, lines) };
    }),
  );
  return detailOf(ctx, acting, language, written.list, written.items);
}

/* ------------------------------------------------------------ PATCH /api/order-lists/{listId} */

export async function renameList(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  name: string,
): Promise<OrderListSummary> {
  const acting = await resolveActingCustomer(ctx, auth);
  const nowIso = ctx.now().toISOString();
  const written = await guardName(
    runWrite(ctx.database, async (trx) => {
      const list = await repo.touchList(trx, listId, acting.customerId, nowIso, name.trim());
      if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
      return { list, count: (await repo.findItems(trx, list.id)).length };
    }),
  );
  return summaryOf(written.list, written.count);
}

/* ----------------------------------------------------------- DELETE /api/order-lists/{listId} */

export async function deleteList(ctx: AppContext, auth: AuthUser | null, listId: number): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  await runWrite(ctx.database, async (trx) => {
    // The lines go with the list (foreign key, on delete cascade).
    if (!(await repo.deleteList(trx, listId, acting.customerId)))
      throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  });
}

/* -------------------------------------------------------- PUT /api/order-lists/{listId}/items */

export async function putItems(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  items: readonly OrderListItemInput[],
  language: string,
): Promise<OrderListDetail> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  // Another customer's list is refused before anything about the SKUs is said.
  if (!(await repo.findList(db, listId, acting.customerId))) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  const lines = await resolveSkus(ctx, acting.customerId, items);
  const nowIso = ctx.now().toISOString();
  const written = await runWrite(ctx.database, async (trx) => {
    const list = await repo.touchList(trx, listId, acting.customerId, nowIso);
    if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
    return { list, items: await writeItems(trx, list.id, lines) };
  });
  return detailOf(ctx, acting, language, written.list, written.items);
}

/* --------------------------------------------------------- POST /api/order-lists/{listId}/move */

/**
 * Moves the line of one product from a list to another list of the acting customer, in one write:
 * both lists are locked (touched) in the order of their ids, so concurrent moves between the same
 * lists follow one another without a deadlock, and a line is moved once (a second move of it finds
 * none: ERR_PRODUCT_NOT_FOUND). The pieces are added to the target's line of the product, or the
 * line is appended there (at most ORDER_LIST_MAX_LINES products).
 */
export async function moveItem(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  body: MoveOrderListItemRequest,
  language: string,
): Promise<MoveOrderListItemResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  const toListId = Number(body.toListId);
  const [from, to] = await Promise.all([
    repo.findList(db, listId, acting.customerId),
    repo.findList(db, toListId, acting.customerId),
  ]);
  if (!from || !to) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  if (from.id === to.id) throw new AppError('ERR_VALIDATION', { field: 'toListId' });
  const sku = body.sku.trim();
  const product = (await cartRepo.findProductsBySkus(db, [sku]))[0];
  if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku });
  const nowIso = ctx.now().toISOString();
  const written = await runWrite(ctx.database, async (trx) => {
    const touched = new Map<number, repo.ListRow>();
    for (const id of [from.id, to.id].sort((a, b) => a - b)) {
      const list = await repo.touchList(trx, id, acting.customerId, nowIso);
      if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
      touched.set(id, list);
    }
    const [fromItems, toItems] = await Promise.all([
      repo.findItems(trx, from.id),
      repo.findItems(trx, to.id),
    ]);
    const moving = fromItems.find((item) => item.product_id === product.id);
    if (!moving) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku });
    const there = toItems.find((item) => item.product_id === product.id);
    if (!there && toItems.length >= ORDER_LIST_MAX_LINES) {
      throw new AppError('ERR_VALIDATION', { field: 'toListId', max: ORDER_LIST_MAX_LINES });
    }
    const target = there
      ? toItems.map((item) => ({
          productId: item.product_id,
          quantity:
            item.product_id === product.id
              ? Math.min(MAX_QUANTITY, item.quantity + moving.quantity)
              : item.quantity,
        }))
      : [
          ...toItems.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
          { productId: product.id, quantity: moving.quantity },
        ];
    await repo.replaceItems(trx, to.id, target);
    await repo.replaceItems(
      trx,
      from.id,
      fromItems
        .filter((item) => item.product_id !== product.id)
        .map((item) => ({ productId: item.product_id, quantity: item.quantity })),
    );
    return {
      from: touched.get(from.id)!,
      to: touched.get(to.id)!,
      fromItems: await repo.findItems(trx, from.id),
      toCount: target.length,
    };
  });
  return {
    from: await detailOf(ctx, acting, language, written.from, written.fromItems),
    to: summaryOf(written.to, written.toCount),
  };
}

/* ------------------------------------------------------- POST /api/order-lists/{listId}/import */

/**
 * Adds lines of SKU or barcode and quantity (pasted text or a file's rows, the quick order's
 * parser and code resolution) to the list: each line's pieces are added to the product's quantity
 * in the list. Unknown codes and unreadable quantities are rejected per line; lines beyond the
 * list's 500 products are rejected with ERR_VALIDATION.
 */
export async function importLines(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  input: string | { code: string; quantity: number }[],
  language: string,
): Promise<ImportOrderListResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  if (!(await repo.findList(ctx.database.db, listId, acting.customerId)))
    throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  const parsed: QuickOrderLine[] =
    typeof input === 'string'
      ? parseQuickOrderText(input)
      : input.map((item, index) => ({ line: index + 1, code: item.code.trim(), quantity: item.quantity }));
  return addLines(ctx, acting, listId, parsed, language);
}

/**
 * POST /api/order-lists/{listId}/import-file: a CSV or XLSX file (the first sheet) whose rows are
 * `SKU or barcode`, `quantity` (read by the back office's import reader, csv-parse and ExcelJS).
 * A first row whose quantity cell is text is a header and is skipped; each row goes through the
 * quick order's parser, so the rules are those of pasted text; row numbers are the file's.
 */
export async function importFile(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
  format: 'csv' | 'xlsx',
  body: unknown,
  language: string,
): Promise<ImportOrderListResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  if (!(await repo.findList(ctx.database.db, listId, acting.customerId)))
    throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('ERR_IMPORT_FILE', { reason: 'empty' });
  let rows: string[][];
  if (format === 'xlsx') rows = await parseXlsx(body, QUICK_ORDER_MAX_LINES);
  else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      throw new AppError('ERR_IMPORT_FILE', { reason: 'not_utf8' });
    }
    rows = parseCsv(text, QUICK_ORDER_MAX_LINES);
  }
  const parsed: QuickOrderLine[] = [];
  rows.forEach((row, index) => {
    const code = (row[0] ?? '').trim();
    const quantity = (row[1] ?? '').trim();
    if (code === '' && quantity === '') return;
    if (index === 0 && quantity !== '' && !/^[\d\s\u00a0]+$/.test(quantity)) return;
    const [line] = parseQuickOrderText(quantity === '' ? code : `${code};${quantity}`);
    if (line) parsed.push({ ...line, line: index + 1 });
  });
  return addLines(ctx, acting, listId, parsed, language);
}

async function addLines(
  ctx: AppContext,
  acting: ActingCustomer,
  listId: number,
  parsed: readonly QuickOrderLine[],
  language: string,
): Promise<ImportOrderListResponse> {
  const db = ctx.database.db;
  if (parsed.length > QUICK_ORDER_MAX_LINES) {
    throw new AppError('ERR_VALIDATION', { field: 'body.lines', maximum: QUICK_ORDER_MAX_LINES });
  }
  const requests = await hideOutsideAssortment(ctx, acting.customerId, await resolveCodes(ctx, parsed));
  const skuRows = await cartRepo.findProductsByIds(db, [
    ...new Set(requests.flatMap((r) => ('productId' in r.target ? [r.target.productId] : []))),
  ]);
  const skuOf = new Map(skuRows.map((row) => [row.id, row.sku]));
  const nowIso = ctx.now().toISOString();
  const written = await runWrite(ctx.database, async (trx) => {
    const added: ImportOrderListResponse['added'] = [];
    const rejected: ImportOrderListResponse['rejected'] = [];
    const list = await repo.touchList(trx, listId, acting.customerId, nowIso);
    if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
    const lines = (await repo.findItems(trx, list.id)).map((item) => ({
      productId: item.product_id,
      quantity: item.quantity,
    }));
    const index = new Map(lines.map((line, i) => [line.productId, i]));
    for (const request of requests) {
      const target = request.target;
      if ('reason' in target) {
        rejected.push({ line: request.line, code: request.code, reason: target.reason });
        continue;
      }
      const at = index.get(target.productId);
      if (at === undefined && lines.length >= ORDER_LIST_MAX_LINES) {
        rejected.push({ line: request.line, code: request.code, reason: 'ERR_VALIDATION' });
        continue;
      }
      if (at === undefined) {
        index.set(target.productId, lines.length);
        lines.push({ productId: target.productId, quantity: Math.min(MAX_QUANTITY, target.pieces) });
      } else {
        const line = lines[at]!;
        line.quantity = Math.min(MAX_QUANTITY, line.quantity + target.pieces);
      }
      added.push({
        line: request.line,
        code: request.code,
        sku: skuOf.get(target.productId) ?? request.code,
        quantity: target.pieces,
      });
    }
    return { list, items: await writeItems(trx, list.id, lines), added, rejected };
  });
  return {
    data: true,
    added: written.added,
    rejected: written.rejected,
    list: await detailOf(ctx, acting, language, written.list, written.items),
  };
}

/* ------------------------------------------------------ POST /api/order-lists/{listId}/to-cart */

/**
 * Adds the list's lines to the acting customer's cart with the cart's own write (addToCart in
 * cart.service.ts: one transaction, the cart row locked, each line added to the product's quantity
 * in the cart through the quantity correction). Answers per line like the quick order.
 */
export async function toCart(
  ctx: AppContext,
  auth: AuthUser | null,
  listId: number,
): Promise<CartAdditionResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  const list = await repo.findList(db, listId, acting.customerId);
  if (!list) throw new AppError('ERR_ORDER_LIST_NOT_FOUND');
  const items = await repo.findItems(db, list.id);
  const rows = await cartRepo.findProductsByIds(
    db,
    items.map((item) => item.product_id),
  );
  const skuOf = new Map(rows.map((row) => [row.id, row.sku]));
  const requests: AdditionRequest[] = items.map((item, index) => ({
    line: index + 1,
    code: skuOf.get(item.product_id) ?? '',
    target: { productId: item.product_id, pieces: item.quantity },
  }));
  return addToCart(ctx, acting, requests);
}
