import type { Kysely } from 'kysely';
import type {
  ApprovalDetail,
  ApprovalStatus,
  ApprovalSummary,
  ApprovalsResponse,
  ApproveResponse,
} from '@shop/shared/contracts/approvals';
import { decidesApprovals } from '@shop/shared/contracts/approvals';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { wakeOutbox } from '../outbox/outbox.service';
import { placeFrom } from '../orders/place-order.service';
import { claimApprovedQuote, linkApprovedQuote, releaseQuote } from '../quotes/quotes.service';
import { actingCustomerOfUser } from '../shipping-addresses/acting-customer.service';
import { enqueueEvent } from '../webhooks/webhook-events';
import { eventData, mailRequester } from './approval-request.service';
import * as repo from './approvals.repository';
import type { ApprovalRow } from './approvals.repository';

/**
 * Order approvals (issue 15, points 6-9; docs/product.md §3.4).
 * - Place-order (cart) asks `requestApprovalIfNeeded` once every rule has passed: a requester
 *   always needs approval, a buyer when the order's gross total is above its per-order limit or
 *   when this calendar month's orders (shop time zone) plus this one pass its monthly limit;
 *   owners, approvers and agents never. Then the cart's lines move into a pending request at the
 *   prices the server computed, and the company's owners and approvers get a mail (outbox).
 * - An owner or approver approves: the order is placed through place-order's snapshot source,
 *   with every rule of place-order, at the request's prices; the request moves from `pending` with
 *   a conditional update inside the order's transaction, so two approvers give one order.
 * - Reject needs a reason, which the requester gets by mail. A request expires after 7 days.
 * Nobody decides their own request.
 * - A request may be a quote's acceptance (`quote_id`, docs/product.md §5.12): approving it also makes
 *   the quote `accepted` with the order; rejecting or expiring it makes the quote `offered` again.
 */

/** Who looks at the requests: a company login (agents, staff → 403). */
interface Viewer {
  userId: number;
  customerId: number;
  decides: boolean;
}

function viewerOf(auth: AuthUser | null): Viewer {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  if (auth.role !== 'customer' || auth.customerId === null || auth.isAgent)
    throw new AppError('ERR_FORBIDDEN');
  return { userId: auth.userId, customerId: auth.customerId, decides: decidesApprovals(auth.companyRole) };
}

function deciderOf(auth: AuthUser | null): Viewer {
  const viewer = viewerOf(auth);
  if (!viewer.decides) throw new AppError('ERR_FORBIDDEN');
  return viewer;
}

// ---------------------------------------------------------------------------------------------
// Expiry

/**
 * Moves the pending requests whose 7 days are over to `expired` (one company's, or all) and tells
 * each requester by mail. Runs before every read and decision of the requests, so nobody sees a
 * request as pending after its prices stopped holding. Answers how many expired.
 */
export async function expireDue(ctx: AppContext, customerId?: number): Promise<number> {
  const db = ctx.database.db;
  const nowIso = ctx.now().toISOString();
  const due = await repo.findDue(db, nowIso, customerId);
  if (due.length === 0) return 0;
  let expired = 0;
  await db.transaction().execute(async (trx) => {
    for (const { id, quote_id: quoteId } of due) {
      if (!(await repo.decide(trx, id, { status: 'expired', deciderUserId: null, reason: null, nowIso })))
        continue;
      expired += 1;
      if (quoteId !== null) await releaseQuote(ctx, trx, quoteId);
      await mailRequester(ctx, trx, 'expired', id);
      await enqueueEvent(ctx, trx, 'approval.decided', () => eventData(trx, id));
    }
  });
  if (expired > 0) wakeOutbox(ctx);
  return expired;
}

// ---------------------------------------------------------------------------------------------
// Reads

function summaryOf(row: ApprovalRow, viewer: Viewer): ApprovalSummary {
  return {
    approvalId: row.id,
    status: row.status,
    requesterUserId: row.requester_user_id,
    requesterName: row.requester_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    itemsCount: Number(row.items_count),
    itemsGross: Number(row.items_sum_gross),
    grandTotal: Number(row.grand_total),
    decidedAt: row.decided_at,
    decidedByName: row.decider_name ?? null,
    reason: row.reason,
    orderId: row.order_id,
    quoteId: row.quote_id,
    canDecide: row.status === 'pending' && viewer.decides && row.requester_user_id !== viewer.userId,
  };
}

/** GET /api/company/approvals: deciders see the company's requests, others their own. */
export async function listApprovals(
  ctx: AppContext,
  auth: AuthUser | null,
  status?: ApprovalStatus,
): Promise<ApprovalsResponse> {
  const viewer = viewerOf(auth);
  await expireDue(ctx, viewer.customerId);
  const db = ctx.database.db;
  const rows = await repo.findApprovals(db, viewer.customerId, {
    requesterUserId: viewer.decides ? undefined : viewer.userId,
    status,
  });
  return {
    approvals: rows.map((row) => summaryOf(row, viewer)),
    pendingCount: viewer.decides
      ? await repo.countPendingForDecider(db, viewer.customerId, viewer.userId)
      : 0,
  };
}

/** GET /api/company/approvals/pending-count: the header's badge (0 for those who do not decide). */
export async function pendingCount(ctx: AppContext, auth: AuthUser | null): Promise<number> {
  const viewer = viewerOf(auth);
  if (!viewer.decides) return 0;
  await expireDue(ctx, viewer.customerId);
  return repo.countPendingForDecider(ctx.database.db, viewer.customerId, viewer.userId);
}

/** A request the viewer may see: the company's for deciders, their own for others; else 404. */
async function visibleRow(db: Kysely<Database>, viewer: Viewer, approvalId: number): Promise<ApprovalRow> {
  const row = await repo.findApproval(db, approvalId);
  if (
    !row ||
    row.customer_id !== viewer.customerId ||
    (!viewer.decides && row.requester_user_id !== viewer.userId)
  ) {
    throw new AppError('ERR_APPROVAL_NOT_FOUND');
  }
  return row;
}

async function detailOf(db: Kysely<Database>, row: ApprovalRow, viewer: Viewer): Promise<ApprovalDetail> {
  const [items, names] = await Promise.all([
    repo.findApprovalItems(db, row.id),
    repo.findChoiceNames(db, {
      shippingMethodId: row.shipping_method_id,
      paymentMethodId: row.payment_method_id,
      shippingAddressId: row.shipping_address_id,
    }),
  ]);
  const address = names.address;
  return {
    ...summaryOf(row, viewer),
    lines: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
      unitPrice: Number(i.unit_price),
      lineGross: Number(i.line_gross),
    })),
    shippingMethod: names.shipping?.name ?? null,
    paymentMethod: names.payment?.name ?? null,
    shippingAddress: address
      ? [address.zip, address.city, address.apt_suite, address.country].filter(Boolean).join(', ')
      : null,
    deliveryDate: row.delivery_date,
    purchaseOrderNumber: row.purchase_order_number.trim() === '' ? null : row.purchase_order_number,
    commentWebshop: row.comment_webshop,
    commentSupplier: row.comment_supplier,
  };
}

/** GET /api/company/approvals/{approvalId} */
export async function getApproval(ctx: AppContext, auth: AuthUser | null, approvalId: number) {
  const viewer = viewerOf(auth);
  await expireDue(ctx, viewer.customerId);
  const db = ctx.database.db;
  return { approval: await detailOf(db, await visibleRow(db, viewer, approvalId), viewer) };
}

// ---------------------------------------------------------------------------------------------
// Decisions

/** The request an owner or approver may decide now: the company's, not their own, pending. */
async function decidableRow(ctx: AppContext, viewer: Viewer, approvalId: number): Promise<ApprovalRow> {
  await expireDue(ctx, viewer.customerId);
  const row = await visibleRow(ctx.database.db, viewer, approvalId);
  if (row.requester_user_id === viewer.userId) throw new AppError('ERR_OWN_APPROVAL');
  if (row.status === 'expired') throw new AppError('ERR_APPROVAL_EXPIRED');
  if (row.status !== 'pending') throw new AppError('ERR_APPROVAL_DECIDED');
  return row;
}

/**
 * POST /api/company/approvals/{approvalId}/approve: places the order for the requester from the
 * request (place-order's snapshot source: every rule, the request's prices). Answers the order, or
 * place-order's refusals (then the request stays pending and nothing changed). A request somebody
 * else decided meanwhile → 409 ERR_APPROVAL_DECIDED.
 */
export async function approve(
  ctx: AppContext,
  auth: AuthUser | null,
  approvalId: number,
): Promise<ApproveResponse> {
  const viewer = deciderOf(auth);
  const row = await decidableRow(ctx, viewer, approvalId);
  const db = ctx.database.db;
  const items = await repo.findApprovalItems(db, approvalId);
  const acting = await actingCustomerOfUser(ctx, row.requester_user_id);
  let lost = false;
  const result = await placeFrom(
    ctx,
    { ...acting, shippingAddressAllowed: true },
    {
      kind: 'snapshot',
      key: { id: -approvalId, version: 0 },
      checkout: {
        shippingMethodId: row.shipping_method_id,
        paymentMethodId: row.payment_method_id,
        shippingAddressId: row.shipping_address_id,
        deliveryDate: row.delivery_date,
        purchaseOrderNumber: row.purchase_order_number,
        commentWebshop: row.comment_webshop,
        commentSupplier: row.comment_supplier,
      },
      lines: items.map((i) => ({
        productId: i.product_id,
        quantity: i.quantity,
        unitPrice: Number(i.unit_price),
      })),
      claim: async (trx) => {
        const nowIso = ctx.now().toISOString();
        const claimed = await repo.decide(trx, approvalId, {
          status: 'approved',
          deciderUserId: viewer.userId,
          reason: null,
          nowIso,
        });
        if (!claimed) {
          lost = true;
          return [{ error: 'ERR_APPROVAL_DECIDED' }];
        }
        // A quote's acceptance: the quote waits for this approval (it cannot have moved meanwhile).
        if (row.quote_id !== null && !(await claimApprovedQuote(ctx, trx, row.quote_id)))
          return [{ error: 'ERR_QUOTE_STATUS', params: { status: 'changed' } }];
        return [];
      },
      afterInsert: async (trx, orderId) => {
        await repo.linkOrder(trx, approvalId, orderId, viewer.userId);
        if (row.quote_id !== null) await linkApprovedQuote(ctx, trx, row.quote_id, orderId);
        await mailRequester(ctx, trx, 'approved', approvalId);
        await enqueueEvent(ctx, trx, 'approval.decided', () => eventData(trx, approvalId));
      },
    },
  );
  if (result.data !== true) {
    if (lost) {
      // Decided by somebody else meanwhile, or its 7 days ran out just now.
      const now = await repo.findApproval(db, approvalId);
      throw new AppError(now?.status === 'pending' ? 'ERR_APPROVAL_EXPIRED' : 'ERR_APPROVAL_DECIDED');
    }
    return { data: result.data };
  }
  wakeOutbox(ctx);
  const placed = await repo.findApproval(db, approvalId);
  if (!placed) throw new AppError('ERR_APPROVAL_NOT_FOUND');
  return { data: true, orderId: result.orderId, approval: await detailOf(db, placed, viewer) };
}

/** POST /api/company/approvals/{approvalId}/reject: with the reason the requester gets by mail. */
export async function reject(
  ctx: AppContext,
  auth: AuthUser | null,
  approvalId: number,
  reason: string,
): Promise<{ data: true; approval: ApprovalDetail }> {
  const viewer = deciderOf(auth);
  await decidableRow(ctx, viewer, approvalId);
  const db = ctx.database.db;
  await db.transaction().execute(async (trx) => {
    const nowIso = ctx.now().toISOString();
    const decided = await repo.decide(trx, approvalId, {
      status: 'rejected',
      deciderUserId: viewer.userId,
      reason,
      nowIso,
    });
    if (!decided) throw new AppError('ERR_APPROVAL_DECIDED');
    const quoteId = (await repo.findApproval(trx, approvalId))?.quote_id ?? null;
    if (quoteId !== null) await releaseQuote(ctx, trx, quoteId);
    await mailRequester(ctx, trx, 'rejected', approvalId);
    await enqueueEvent(ctx, trx, 'approval.decided', () => eventData(trx, approvalId));
  });
  wakeOutbox(ctx);
  const row = await repo.findApproval(db, approvalId);
  if (!row) throw new AppError('ERR_APPROVAL_NOT_FOUND');
  return { data: true, approval: await detailOf(db, row, viewer) };
}
