import type { Kysely } from 'kysely';
import { seesCompanyOrders } from '@shop/shared/contracts/company';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import {
  forintsToMinor,
  type AcceptQuoteResponse,
  type AdminQuoteListFilter,
  type AdminQuoteListResponse,
  type CreateQuoteRequest,
  type OfferQuoteRequest,
  type QuoteDetail,
  type QuoteEventData,
  type QuoteStatus,
  type QuoteSummary,
  quoteStatusSchema,
} from '@shop/shared/contracts/quotes';
import { isLanguage, type Language } from '@shop/shared/i18n/languages';
import { addDays, localDateTime, zonedDayStart } from '@shop/shared/rules/calendar-date';
import type { AppContext } from '../../app-context';
import { runWrite } from '../../db/group-commit';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { correctFor, loadPricedProducts, priceAt } from '../cart/cart-pricing.service';
import * as cartRepo from '../cart/cart.repository';
import { findUserContact } from '../orders/orders.repository';
import { placeFrom } from '../orders/place-order.service';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import { enqueueEvent } from '../webhooks/webhook-events';
import { renderQuoteMail } from './quote-mail';
import * as repo from './quotes.repository';

/**
 * Quotes, the request for quote (issue 16, points 1-4; docs/product.md §5.12).
 *
 * Who sees a quote: the logins of its customer (owners and approvers all of the company's, buyers
 * and requesters their own, as the order history), the customer's sales agent, and staff in the
 * back office. Anybody else — another customer above all — gets ERR_QUOTE_NOT_FOUND, exactly as for
 * an id that does not exist. Every step is a guarded update (`... WHERE status IN (...)`), so two
 * concurrent steps never both happen; an accept also names the version it read, so it orders exactly
 * the offer the customer saw.
 */

type Db = Kysely<Database>;

function today(ctx: AppContext): string {
  return localDateTime(ctx.now(), ctx.config.shopTimeZone).date;
}

function statusOf(value: string): QuoteStatus {
  const parsed = quoteStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : 'requested';
}

async function namesOf(db: Db, productIds: readonly number[], language: string) {
  const details = await cartRepo.findProductDetails(db, productIds, language);
  return (productId: number, sku: string) =>
    details.find((d) => d.product_id === productId && d.language === language)?.name ??
    details.find((d) => d.product_id === productId && d.language === 'hu')?.name ??
    sku;
}

function summaryOf(row: repo.QuoteRow, lines: readonly repo.QuoteLineRow[]): QuoteSummary {
  const offered = lines.every((l) => l.offered_price !== null && l.offered_quantity !== null);
  return {
    id: row.id,
    status: statusOf(row.status),
    customerId: row.customer_id,
    customerName: row.customer_name,
    requestedByName: row.requested_by_name,
    createdAt: row.created_at,
    validUntil: row.valid_until,
    lineCount: lines.length,
    totalGross:
      offered && lines.length > 0
        ? lines.reduce((sum, l) => sum + Number(l.offered_price) * Number(l.offered_quantity), 0)
        : null,
    orderId: row.order_id,
  };
}

async function summaries(db: Db, rows: readonly repo.QuoteRow[]): Promise<QuoteSummary[]> {
  const lines = await repo.findLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    summaryOf(
      row,
      lines.filter((l) => l.quote_id === row.id),
    ),
  );
}

/** Who is looking, for `canAnswer` / `canAccept`. */
interface Viewer {
  staff: boolean;
  agentUserId: number | null;
}

async function detailOf(
  ctx: AppContext,
  row: repo.QuoteRow,
  language: string,
  viewer: Viewer,
): Promise<QuoteDetail> {
  const db = ctx.database.db;
  const lines = await repo.findLines(db, [row.id]);
  const ids = lines.map((l) => l.product_id);
  const nameOf = await namesOf(db, ids, language);
  // The customer's own prices today, for comparison (staff see what the customer would pay).
  const customer = await db
    .selectFrom('customers')
    .select(['price_group', 'customer_discount_bp'])
    .where('id', '=', row.customer_id)
    .executeTakeFirst();
  const priced = await loadPricedProducts(db, await cartRepo.findProductsByIds(db, ids), {
    priceGroup: customer?.price_group ?? null,
    discountBp: Number(customer?.customer_discount_bp ?? 0),
  });
  const now = ctx.now();
  const status = statusOf(row.status);
  const isAgentOfCustomer = viewer.agentUserId !== null && viewer.agentUserId === row.customer_agent_user_id;
  return {
    ...summaryOf(row, lines),
    message: row.message,
    wishedDeliveryDate: row.wished_delivery_date,
    staffMessage: row.staff_message,
    answeredByName: row.answered_by_name ?? null,
    answeredAt: row.answered_at,
    rejectReason: row.reject_reason,
    decidedAt: row.decided_at,
    lines: lines.map((l) => {
      const product = priced.get(l.product_id);
      const offeredPrice = l.offered_price === null ? null : Number(l.offered_price);
      return {
        sku: l.sku,
        name: nameOf(l.product_id, l.sku),
        requestedQuantity: l.requested_quantity,
        offeredQuantity: l.offered_quantity,
        offeredPrice,
        lineGross:
          offeredPrice === null || l.offered_quantity === null ? null : offeredPrice * l.offered_quantity,
        vat: Number(l.vat),
        listPrice: product ? (priceAt(product, l.requested_quantity, now).currentPrice ?? null) : null,
        stock: Number(l.stock),
        minimumQuantity: product?.limits.minimum ?? null,
        maximumQuantity: product?.limits.maximum ?? null,
        quantityStep: Math.max(1, Math.floor(Number(product?.row.order_quantity_step ?? 1))),
      };
    }),
    canAnswer: (viewer.staff || isAgentOfCustomer) && (status === 'requested' || status === 'offered'),
    canAccept: !viewer.staff && status === 'offered',
    approvalId: status === 'pending_approval' ? await repo.findPendingApprovalId(db, row.id) : null,
  };
}

/** The quote as it is stored now, as `viewer` sees it (gone meanwhile → ERR_QUOTE_NOT_FOUND). */
async function currentDetail(ctx: AppContext, id: number, language: string, viewer: Viewer) {
  const row = await repo.findQuote(ctx.database.db, id);
  if (!row) throw new AppError('ERR_QUOTE_NOT_FOUND');
  return detailOf(ctx, row, language, viewer);
}

/**
 * Offers past their last valid day become `expired`: before anything reads or changes quotes, and
 * on every pass of the expiry sweep (approvals/expiry-sweep.ts). One guarded statement, so sweeps of
 * several processes at once are harmless. Answers how many expired.
 */
export async function expireQuotes(ctx: AppContext): Promise<number> {
  return repo.expireDue(ctx.database.db, today(ctx), ctx.now().toISOString());
}

async function expire(ctx: AppContext): Promise<void> {
  await expireQuotes(ctx);
}

/* ------------------------------------------------------------------ the shop's side */

/**
 * The quote as a shop login may see it: its customer's login (buyers and requesters only their own),
 * or the customer's agent. Otherwise ERR_QUOTE_NOT_FOUND.
 */
async function visibleQuote(ctx: AppContext, auth: AuthUser | null, quoteId: number): Promise<repo.QuoteRow> {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  const row = await repo.findQuote(ctx.database.db, quoteId);
  if (!row) throw new AppError('ERR_QUOTE_NOT_FOUND');
  if (auth.isAgent) {
    if (row.customer_agent_user_id !== auth.userId) throw new AppError('ERR_QUOTE_NOT_FOUND');
    return row;
  }
  if (auth.role !== 'customer' || auth.customerId === null || row.customer_id !== auth.customerId) {
    throw new AppError('ERR_QUOTE_NOT_FOUND');
  }
  if (!seesCompanyOrders(auth.companyRole) && row.user_id !== auth.userId) {
    throw new AppError('ERR_QUOTE_NOT_FOUND');
  }
  return row;
}

/** Expires due offers first, so the quote read is in its current state; then visibleQuote. */
async function currentVisibleQuote(
  ctx: AppContext,
  auth: AuthUser | null,
  quoteId: number,
): Promise<repo.QuoteRow> {
  await expire(ctx);
  return visibleQuote(ctx, auth, quoteId);
}

function shopViewer(auth: AuthUser | null): Viewer {
  return { staff: false, agentUserId: auth?.isAgent ? auth.userId : null };
}

/** POST /api/quotes: the cart's lines become a quote (`requested`) and the cart is emptied. */
export async function requestQuote(
  ctx: AppContext,
  auth: AuthUser | null,
  body: CreateQuoteRequest,
  language: string,
): Promise<QuoteDetail> {
  const acting = await resolveActingCustomer(ctx, auth);
  const wished = body.wishedDeliveryDate ?? null;
  if (wished !== null && wished < today(ctx)) {
    throw new AppError('ERR_INVALID_DELIVERY_DATE', { deliveryDate: wished });
  }
  const nowIso = ctx.now().toISOString();
  const quoteId = await runWrite(ctx.database, async (trx) => {
    const cart = await cartRepo.findCart(trx, acting.userId, acting.customerId);
    if (!cart) throw new AppError('ERR_CART_EMPTY');
    // The cart row's lock first, then its lines (as place-order and every cart write).
    await cartRepo.saveCartRow(trx, cart.id, nowIso);
    const items = await cartRepo.findCartItems(trx, cart.id);
    if (items.length === 0) throw new AppError('ERR_CART_EMPTY');
    const id = await repo.insertQuote(trx, {
      customerId: acting.customerId,
      userId: acting.userId,
      agentUserId: acting.agentUserId,
      message: body.message,
      wishedDeliveryDate: wished,
      nowIso,
    });
    await repo.insertLines(
      trx,
      id,
      items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
    );
    await cartRepo.deleteAllCartItems(trx, cart.id);
    await enqueueEvent(ctx, trx, 'quote.requested', () => eventData(trx, id));
    return id;
  });
  wakeOutbox(ctx);
  return currentDetail(ctx, quoteId, language, shopViewer(auth));
}

/**
 * GET /api/quotes: a customer's login sees its company's quotes (buyers and requesters their own);
 * an agent sees the quotes of all its customers (whichever it acts for now). `status` narrows the
 * list to one status (after expiry, so `offered` never lists an offer past its last day). Newest
 * first, at most 500.
 */
export async function listQuotes(
  ctx: AppContext,
  auth: AuthUser | null,
  status?: QuoteStatus,
): Promise<QuoteSummary[]> {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  await expire(ctx);
  const db = ctx.database.db;
  let filter: repo.QuoteFilter;
  if (auth.isAgent) filter = { agentUserId: auth.userId, status };
  else {
    const acting = await resolveActingCustomer(ctx, auth);
    filter = {
      customerId: acting.customerId,
      userId: seesCompanyOrders(auth.companyRole) ? undefined : acting.userId,
      status,
    };
  }
  const rows = await repo.listQuotes(db, filter, { limit: 500, offset: 0 });
  return summaries(db, rows);
}

/** GET /api/quotes/{quoteId}. */
export async function getQuote(
  ctx: AppContext,
  auth: AuthUser | null,
  quoteId: number,
  language: string,
): Promise<QuoteDetail> {
  const row = await currentVisibleQuote(ctx, auth, quoteId);
  return detailOf(ctx, row, language, shopViewer(auth));
}

/** Why a quote in this state cannot take a step: expired, or another status. */
function stateError(row: { status: string; valid_until: string | null }, day: string): AppError {
  if (
    row.status === 'expired' ||
    (row.status === 'offered' && row.valid_until !== null && row.valid_until < day)
  ) {
    return new AppError('ERR_QUOTE_EXPIRED', { validUntil: row.valid_until });
  }
  return new AppError('ERR_QUOTE_STATUS', { status: row.status });
}

/** The first instant after the offer's last valid day (shop time zone): a request's prices hold until then. */
function validityEnd(ctx: AppContext, validUntil: string | null): string | null {
  if (validUntil === null) return null;
  return zonedDayStart(addDays(validUntil, 1), ctx.config.shopTimeZone).toISOString();
}

/**
 * POST /api/quotes/{quoteId}/accept: places the order at the quoted prices and quantities, through
 * place-order's snapshot path (every rule of place-order: shop closed, stock, quantity rules,
 * shipping, payment, address, delivery day, purchase-order number, minimum order value, credit
 * limit). The checkout choices are the acting login's cart's (shipping and payment method, delivery
 * day, purchase-order number, comments) and its current shipping address. The quote moves from
 * `offered` at the version read to `accepted` inside the order's transaction: of two accepts at once
 * one orders, the other gets ERR_QUOTE_STATUS. Refusals of place-order answer `{ data: [...] }` and
 * change nothing.
 *
 * Issue 15 (docs/product.md §3.4.2, §5.12): a login that may not order alone — a requester always, a
 * buyer when the order's grand total passes its per-order limit or this month's orders plus this one
 * its monthly limit — gets what place-order answers for a cart: once every rule has passed, the
 * quote's lines at the quoted prices go into a pending approval request (the company's owners and
 * approvers are mailed) and the quote becomes `pending_approval`, in the same transaction; the answer
 * is `{ data: true, approvalRequired: true, approvalId, quote }`. The request's prices hold for 7 days
 * or until the end of the offer's last valid day, whichever comes first. Owners, approvers and
 * agents order directly.
 */
export async function acceptQuote(
  ctx: AppContext,
  auth: AuthUser | null,
  quoteId: number,
  language: string,
): Promise<AcceptQuoteResponse> {
  const row = await currentVisibleQuote(ctx, auth, quoteId);
  const acting = await resolveActingCustomer(ctx, auth);
  // An agent accepts for the customer it currently acts for.
  if (acting.customerId !== row.customer_id) throw new AppError('ERR_NO_CURRENT_SHIPPING');
  if (!acting.shippingAddressAllowed) return { data: [{ error: 'ERR_ADDRESS_NOT_ALLOWED' }] };
  const day = today(ctx);
  if (row.status !== 'offered' || (row.valid_until !== null && row.valid_until < day))
    throw stateError(row, day);
  const db = ctx.database.db;
  const lines = await repo.findLines(db, [row.id]);
  const cart = await cartRepo.findCart(db, acting.userId, acting.customerId);
  const nowIso = ctx.now().toISOString();
  let claimRefusal: AppError | null = null;
  const result = await placeFrom(ctx, acting, {
    kind: 'snapshot',
    key: { id: -row.id, version: -1 },
    checkout: {
      shippingMethodId: cart?.shipping_method_id ?? null,
      paymentMethodId: cart?.payment_method_id ?? null,
      shippingAddressId: acting.shippingAddressId,
      deliveryDate: cart?.delivery_date ?? null,
      purchaseOrderNumber: cart?.purchase_order_number ?? '',
      commentWebshop: cart?.comment_webshop ?? '',
      commentSupplier: cart?.comment_supplier ?? '',
    },
    lines: lines.map((l) => ({
      productId: l.product_id,
      quantity: Number(l.offered_quantity),
      unitPrice: Number(l.offered_price),
    })),
    claim: async (trx) => {
      const moved = await repo.moveQuote(
        trx,
        row.id,
        { from: ['offered'], version: Number(row.version), validFrom: day },
        { status: 'accepted', decided_at: nowIso },
        nowIso,
      );
      if (moved) return [];
      const now = await repo.findQuote(trx, row.id);
      claimRefusal =
        now && now.status === 'offered' && Number(now.version) !== Number(row.version)
          ? new AppError('ERR_QUOTE_STATUS', { status: 'changed' })
          : stateError(now ?? row, day);
      const refusal: PlaceOrderError = { error: claimRefusal.code, params: claimRefusal.params ?? {} };
      return [refusal];
    },
    afterInsert: async (trx, orderId) => {
      await repo.setOrder(trx, row.id, orderId);
      await enqueueEvent(ctx, trx, 'quote.accepted', () => eventData(trx, row.id));
    },
    approval: {
      quoteId: row.id,
      holdsUntil: validityEnd(ctx, row.valid_until),
      // Claimed as `accepted` above; it waits for the company's decision instead.
      requested: async (trx) => {
        await repo.moveQuote(
          trx,
          row.id,
          { from: ['accepted'] },
          { status: 'pending_approval', decided_at: null },
          nowIso,
        );
      },
    },
  });
  if (claimRefusal) throw claimRefusal;
  if (result.data !== true) {
    // The snapshot's key taken already: the quote was ordered by a concurrent accept.
    if (result.data.some((e) => e.error === 'ERR_CART_ALREADY_ORDERED')) {
      throw new AppError('ERR_QUOTE_STATUS', { status: 'accepted' });
    }
    return { data: result.data };
  }
  if ('approvalRequired' in result) {
    return {
      data: true,
      approvalRequired: true,
      approvalId: result.approvalId,
      quote: await currentDetail(ctx, row.id, language, shopViewer(auth)),
    };
  }
  return {
    data: true,
    orderId: result.orderId,
    quote: await currentDetail(ctx, row.id, language, shopViewer(auth)),
  };
}

/* ------------------------------------------- a quote's approval request (issue 15, approvals module) */

/**
 * In the approval's order transaction, first: the quote waiting for this approval moves from
 * `pending_approval` to `accepted`. False when it is not waiting any more (then no order).
 */
export async function claimApprovedQuote(ctx: AppContext, trx: Db, quoteId: number): Promise<boolean> {
  return decidePendingQuote(trx, quoteId, 'accepted', ctx.now().toISOString());
}

/** A quote waiting for its approval request gets its final status, decided now; false when it was not waiting. */
function decidePendingQuote(
  trx: Db,
  quoteId: number,
  status: 'accepted' | 'expired',
  nowIso: string,
): Promise<boolean> {
  return repo.moveQuote(trx, quoteId, { from: ['pending_approval'] }, { status, decided_at: nowIso }, nowIso);
}

/** Once the approval's order is written (same transaction): the quote's order and `quote.accepted`. */
export async function linkApprovedQuote(ctx: AppContext, trx: Db, quoteId: number, orderId: number) {
  await repo.setOrder(trx, quoteId, orderId);
  await enqueueEvent(ctx, trx, 'quote.accepted', () => eventData(trx, quoteId));
}

/**
 * The approval request of a quote was rejected or expired (same transaction): the quote is as before
 * the accept — `offered`, to be accepted again (a new request) or rejected — or `expired` when its
 * last valid day has passed meanwhile.
 */
export async function releaseQuote(ctx: AppContext, trx: Db, quoteId: number): Promise<void> {
  const nowIso = ctx.now().toISOString();
  const reopened = await repo.moveQuote(
    trx,
    quoteId,
    { from: ['pending_approval'], validFrom: today(ctx) },
    { status: 'offered', decided_at: null },
    nowIso,
  );
  if (reopened) return;
  await decidePendingQuote(trx, quoteId, 'expired', nowIso);
}

/** POST /api/quotes/{quoteId}/reject: the customer turns down the offer (or withdraws its request). */
export async function rejectQuote(
  ctx: AppContext,
  auth: AuthUser | null,
  quoteId: number,
  reason: string,
  language: string,
): Promise<QuoteDetail> {
  const row = await currentVisibleQuote(ctx, auth, quoteId);
  const nowIso = ctx.now().toISOString();
  const moved = await repo.moveQuote(
    ctx.database.db,
    row.id,
    { from: ['requested', 'offered'] },
    { status: 'rejected', reject_reason: reason, decided_at: nowIso },
    nowIso,
  );
  const now = await repo.findQuote(ctx.database.db, row.id);
  if (!now) throw new AppError('ERR_QUOTE_NOT_FOUND');
  if (!moved) throw stateError(now, today(ctx));
  return detailOf(ctx, now, language, shopViewer(auth));
}

/* ------------------------------------------------------------- answering: staff and agents */

/** Who answers: a staff member (any quote) or an agent (its own customers' quotes only). */
export interface Answerer {
  userId: number;
  staff: boolean;
}

/** Expires due offers first, then the quote if this answerer may answer it (else ERR_QUOTE_NOT_FOUND). */
async function answerableQuote(ctx: AppContext, answerer: Answerer, quoteId: number): Promise<repo.QuoteRow> {
  await expire(ctx);
  const row = await repo.findQuote(ctx.database.db, quoteId);
  if (!row) throw new AppError('ERR_QUOTE_NOT_FOUND');
  if (!answerer.staff && row.customer_agent_user_id !== answerer.userId)
    throw new AppError('ERR_QUOTE_NOT_FOUND');
  return row;
}

/**
 * Moves an answerable quote (`requested` or `offered`) to the fields `changes` gives for this instant,
 * answered by `answerer` now; a quote another request moved first → its state error (`day`: today,
 * for "expired").
 */
async function answer(
  ctx: AppContext,
  trx: Db,
  row: repo.QuoteRow,
  answerer: Answerer,
  day: () => string,
  changes: (nowIso: string) => Parameters<typeof repo.moveQuote>[3],
): Promise<void> {
  const nowIso = ctx.now().toISOString();
  const moved = await repo.moveQuote(
    trx,
    row.id,
    { from: repo.ANSWERABLE },
    { ...changes(nowIso), answered_by_user_id: answerer.userId, answered_at: nowIso },
    nowIso,
  );
  if (!moved) {
    const now = await repo.findQuote(trx, row.id);
    throw stateError(now ?? row, day());
  }
}

/** After an answer: the outbox is woken and the quote is read again, as the answerer sees it. */
async function answeredDetail(
  ctx: AppContext,
  answerer: Answerer,
  quoteId: number,
  language: string,
): Promise<QuoteDetail> {
  wakeOutbox(ctx);
  return currentDetail(ctx, quoteId, language, {
    staff: answerer.staff,
    agentUserId: answerer.staff ? null : answerer.userId,
  });
}

/**
 * An agent's shop token for this quote: a quote the caller may not see → 404 ERR_QUOTE_NOT_FOUND; a
 * customer's own login may see it but not answer it → 403 ERR_FORBIDDEN.
 */
export async function agentAnswerer(
  ctx: AppContext,
  auth: AuthUser | null,
  quoteId: number,
): Promise<Answerer> {
  await visibleQuote(ctx, auth, quoteId);
  if (!auth?.isAgent) throw new AppError('ERR_FORBIDDEN');
  return { userId: auth.userId, staff: false };
}

export function staffAnswerer(auth: AuthUser | null): Answerer {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  return { userId: auth.userId, staff: true };
}

/**
 * POST /api/admin/quotes/{id}/offer (staff) and POST /api/quotes/{quoteId}/offer (the customer's
 * agent): a price and quantity for every line of the quote (an SKU not in the quote, or a line left
 * out → 400 ERR_VALIDATION `{ sku }`), the price in forints converted to minor units, the quantity
 * within the product's rules (minimum, maximum, step, stock: otherwise 409 ERR_QUANTITY_NOT_AVAILABLE
 * `{ sku, requested, allowed }`), `validUntil` today or later (400 ERR_VALIDATION `{ field }`).
 * From `requested` (or `offered`: a revised offer) to `offered`; the requester gets a mail and the
 * `quote.offered` event is written, both in the same transaction.
 */
export async function offerQuote(
  ctx: AppContext,
  answerer: Answerer,
  quoteId: number,
  body: OfferQuoteRequest,
  language: string,
): Promise<QuoteDetail> {
  const row = await answerableQuote(ctx, answerer, quoteId);
  const day = today(ctx);
  if (body.validUntil < day) throw new AppError('ERR_VALIDATION', { field: 'validUntil' });
  const db = ctx.database.db;
  const lines = await repo.findLines(db, [row.id]);
  const bySku = new Map(lines.map((l) => [l.sku, l]));
  const given = new Map<string, OfferQuoteRequest['lines'][number]>();
  for (const line of body.lines) {
    if (!bySku.has(line.sku) || given.has(line.sku)) throw new AppError('ERR_VALIDATION', { sku: line.sku });
    given.set(line.sku, line);
  }
  for (const line of lines) {
    if (!given.has(line.sku)) throw new AppError('ERR_VALIDATION', { sku: line.sku });
  }
  // Quantities follow the cart's correction for this customer (minimum, maximum, step, stock).
  const customer = await db
    .selectFrom('customers')
    .select(['price_group', 'customer_discount_bp'])
    .where('id', '=', row.customer_id)
    .executeTakeFirst();
  const priced = await loadPricedProducts(
    db,
    await cartRepo.findProductsByIds(
      db,
      lines.map((l) => l.product_id),
    ),
    { priceGroup: customer?.price_group ?? null, discountBp: Number(customer?.customer_discount_bp ?? 0) },
  );
  const offers = lines.map((line) => {
    const input = given.get(line.sku)!;
    const product = priced.get(line.product_id);
    const correction = product ? correctFor(product, input.quantity) : { quantity: 0, warnings: [] };
    if (correction.quantity !== input.quantity) {
      throw new AppError('ERR_QUANTITY_NOT_AVAILABLE', {
        sku: line.sku,
        requested: input.quantity,
        allowed: correction.quantity,
      });
    }
    return { line, quantity: input.quantity, price: forintsToMinor(input.price) };
  });

  await runWrite(ctx.database, async (trx) => {
    await answer(
      ctx,
      trx,
      row,
      answerer,
      () => day,
      () => ({
        status: 'offered',
        valid_until: body.validUntil,
        staff_message: body.message,
      }),
    );
    for (const offer of offers) {
      await repo.setLineOffer(trx, row.id, offer.line.product_id, {
        quantity: offer.quantity,
        price: offer.price,
      });
    }
    await mailRequester(ctx, trx, row, {
      kind: 'offered',
      validUntil: body.validUntil,
      message: body.message,
      lines: offers.map((o) => ({
        productId: o.line.product_id,
        sku: o.line.sku,
        quantity: o.quantity,
        unitPrice: o.price,
      })),
    });
    await enqueueEvent(ctx, trx, 'quote.offered', () => eventData(trx, row.id));
  });
  return answeredDetail(ctx, answerer, row.id, language);
}

/**
 * POST /api/admin/quotes/{id}/decline (staff) and POST /api/quotes/{quoteId}/decline (the agent):
 * from `requested` or `offered` to `declined`, with a message mailed to the requester.
 */
export async function declineQuote(
  ctx: AppContext,
  answerer: Answerer,
  quoteId: number,
  message: string,
  language: string,
): Promise<QuoteDetail> {
  const row = await answerableQuote(ctx, answerer, quoteId);
  await runWrite(ctx.database, async (trx) => {
    await answer(
      ctx,
      trx,
      row,
      answerer,
      () => today(ctx),
      (nowIso) => ({
        status: 'declined',
        staff_message: message,
        decided_at: nowIso,
      }),
    );
    await mailRequester(ctx, trx, row, { kind: 'declined', validUntil: null, message, lines: [] });
  });
  return answeredDetail(ctx, answerer, row.id, language);
}

/** The offer or decline mail to the login that asked, in its language, through the outbox. */
async function mailRequester(
  ctx: AppContext,
  trx: Db,
  row: repo.QuoteRow,
  data: {
    kind: 'offered' | 'declined';
    validUntil: string | null;
    message: string;
    lines: { productId: number; sku: string; quantity: number; unitPrice: number }[];
  },
): Promise<void> {
  const user = await findUserContact(trx, row.user_id);
  if (!user || user.is_active !== 1 || user.is_disabled === 1) return;
  const language: Language = isLanguage(user.language) ? user.language : 'hu';
  const nameOf = await namesOf(
    trx,
    data.lines.map((l) => l.productId),
    language,
  );
  const lines = data.lines.map((l) => ({
    sku: l.sku,
    name: nameOf(l.productId, l.sku),
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineGross: l.unitPrice * l.quantity,
  }));
  const mail = renderQuoteMail(language, {
    kind: data.kind,
    userName: user.name,
    quoteId: row.id,
    lines,
    totalGross: lines.reduce((sum, l) => sum + l.lineGross, 0),
    validUntil: data.validUntil,
    message: data.message,
    link: `${ctx.config.publicUrl}/profile/quotes/${row.id}`,
  });
  await enqueue(ctx, trx, {
    kind: 'mail',
    mail: { to: user.email, subject: mail.subject, text: mail.text, html: mail.html },
  });
}

/* ------------------------------------------------------------------ the back office */

/** GET /api/admin/quotes: the inbox, newest first, filtered by status, customer and day. */
export async function adminListQuotes(
  ctx: AppContext,
  query: AdminQuoteListFilter,
): Promise<AdminQuoteListResponse> {
  await expire(ctx);
  const db = ctx.database.db;
  const tz = ctx.config.shopTimeZone;
  const filter: repo.QuoteFilter = {
    status: query.status,
    customer: query.customer,
    fromIso: query.from ? zonedDayStart(query.from, tz).toISOString() : undefined,
    toIso: query.to ? zonedDayStart(addDays(query.to, 1), tz).toISOString() : undefined,
  };
  const [rows, total] = await Promise.all([
    repo.listQuotes(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countQuotes(db, filter),
  ]);
  return { items: await summaries(db, rows), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/quotes/{id}. */
export async function adminGetQuote(
  ctx: AppContext,
  quoteId: number,
  language: string,
): Promise<QuoteDetail> {
  await expire(ctx);
  const row = await repo.findQuote(ctx.database.db, quoteId);
  if (!row) throw new AppError('ERR_QUOTE_NOT_FOUND');
  return detailOf(ctx, row, language, { staff: true, agentUserId: null });
}

/* ------------------------------------------------------------------ events */

async function eventData(db: Db, quoteId: number): Promise<QuoteEventData> {
  const row = await repo.findQuote(db, quoteId);
  if (!row) throw new Error(`quote ${quoteId} not found`);
  const lines = await repo.findLines(db, [quoteId]);
  return {
    quoteId: row.id,
    status: statusOf(row.status),
    customerId: row.customer_id,
    customerErpCode: row.customer_erp_code ?? null,
    requestedByUserId: row.user_id,
    createdAt: row.created_at,
    validUntil: row.valid_until,
    orderId: row.order_id,
    lines: lines.map((l) => ({
      sku: l.sku,
      requestedQuantity: l.requested_quantity,
      offeredQuantity: l.offered_quantity,
      offeredPrice: l.offered_price === null ? null : Number(l.offered_price),
    })),
  };
}
