import type { Kysely } from 'kysely';
import type { ApprovalEventData } from '@shop/shared/contracts/events';
import { isLanguage, type Language } from '@shop/shared/i18n/languages';
import { localDateTime, zonedDayStart } from '@shop/shared/rules/calendar-date';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { enqueue } from '../outbox/outbox.service';
import { clearOrderedCart } from '../orders/orders.repository';
import { enqueueEvent } from '../webhooks/webhook-events';
import { type ApprovalMailKind, renderApprovalMail } from './approvals-mail';
import * as repo from './approvals.repository';
import type { ApprovalRow } from './approvals.repository';
import type { ActingCustomer } from '../shipping-addresses/acting-customer.service';

/**
 * The approval decision of place-order (issue 15 points 6-7, docs/product.md §3.4) and the mails and
 * events of a request. Place-order (cart source) calls `requestApprovalIfNeeded` once every rule has
 * passed and before the stock is taken; this file does not import place-order (approvals.service.ts,
 * which approves through it, does).
 */

export const APPROVAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const languageOf = (value: string | null | undefined): Language => (isLanguage(value) ? value : 'hu');

/** The first instant of this calendar month in the shop's time zone. */
export function monthStart(now: Date, timeZone: string): string {
  const { date } = localDateTime(now, timeZone);
  return zonedDayStart(`${date.slice(0, 8)}01` as typeof date, timeZone).toISOString();
}

// ---------------------------------------------------------------------------------------------
// The request, from place-order

/** The checkout choices an order is placed with (place-order's snapshot source uses the same). */
export interface OrderCheckout {
  shippingMethodId: number | null;
  paymentMethodId: number | null;
  shippingAddressId: number | null;
  /** 'YYYY-MM-DD', home delivery only. */
  deliveryDate: string | null;
  purchaseOrderNumber: string;
  commentWebshop: string;
  commentSupplier: string;
}

export interface ApprovalRequestInput {
  acting: Pick<
    ActingCustomer,
    'userId' | 'customerId' | 'agentUserId' | 'companyRole' | 'orderLimit' | 'monthlyLimit'
  >;
  /** The cart the lines came from (emptied with the request); null for an accepted quote. */
  cartId: number | null;
  /** The quote whose acceptance this is (its lines at the quoted prices). */
  quoteId?: number | null;
  /** The last instant the snapshot's prices hold, when sooner than the 7 days (a quote's validity). */
  holdsUntil?: string | null;
  checkout: OrderCheckout;
  /** As the server priced them: gross minor units. */
  lines: {
    productId: number;
    sku: string;
    name: string;
    quantity: number;
    unitPrice: number;
    vat: number;
    lineGross: number;
  }[];
  itemsGross: number;
  grandTotal: number;
}

/** Whether the acting login's order of `grandTotal` needs approval (issue 15 point 6). */
export async function needsApproval(
  ctx: AppContext,
  trx: Kysely<Database>,
  acting: ApprovalRequestInput['acting'],
  grandTotal: number,
): Promise<boolean> {
  // The role and limits came with the acting login (acting-customer.service.ts); an agent's are null.
  if (acting.agentUserId !== null) return false;
  if (acting.companyRole === 'requester') return true;
  if (acting.companyRole !== 'buyer') return false;
  if (acting.orderLimit !== null && grandTotal > acting.orderLimit) return true;
  if (acting.monthlyLimit !== null) {
    const spent = await repo.sumOrdersSince(
      trx,
      acting.userId,
      monthStart(ctx.now(), ctx.config.shopTimeZone),
    );
    if (spent + grandTotal > acting.monthlyLimit) return true;
  }
  return false;
}

/**
 * Place-order's approval hook (a cart, or a quote being accepted; every rule passed, before the
 * stock is taken): when approval is needed, stores the request with its lines, empties the cart (a
 * quote's lines come from the quote: no cart is touched), queues the mails to the deciders and the
 * `approval.requested` event, all in `trx`, and answers the request's id; else null.
 */
export async function requestApprovalIfNeeded(
  ctx: AppContext,
  trx: Kysely<Database>,
  input: ApprovalRequestInput,
): Promise<number | null> {
  if (!(await needsApproval(ctx, trx, input.acting, input.grandTotal))) return null;
  const now = ctx.now();
  const nowIso = now.toISOString();
  const sevenDays = new Date(now.getTime() + APPROVAL_TTL_MS).toISOString();
  const expiresAt =
    input.holdsUntil && input.holdsUntil < sevenDays && input.holdsUntil > nowIso
      ? input.holdsUntil
      : sevenDays;
  const approvalId = await repo.insertApproval(trx, {
    customer_id: input.acting.customerId,
    requester_user_id: input.acting.userId,
    status: 'pending',
    shipping_address_id: input.checkout.shippingAddressId,
    shipping_method_id: input.checkout.shippingMethodId,
    payment_method_id: input.checkout.paymentMethodId,
    delivery_date: input.checkout.deliveryDate,
    comment_webshop: input.checkout.commentWebshop,
    comment_supplier: input.checkout.commentSupplier,
    purchase_order_number: input.checkout.purchaseOrderNumber,
    items_sum_gross: input.itemsGross,
    grand_total: input.grandTotal,
    items_count: input.lines.length,
    expires_at: expiresAt,
    quote_id: input.quoteId ?? null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await repo.insertApprovalItems(
    trx,
    input.lines.map((l) => ({
      approval_id: approvalId,
      product_id: l.productId,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      vat: l.vat,
      line_gross: l.lineGross,
    })),
  );
  if (input.cartId !== null) await clearOrderedCart(trx, input.cartId, nowIso);

  const row = await repo.findApproval(trx, approvalId);
  if (!row) throw new Error(`approval ${approvalId} not written`);
  const company = await repo.findCustomerName(trx, row.customer_id);
  for (const decider of await repo.findDeciders(trx, row.customer_id)) {
    if (decider.id === row.requester_user_id) continue;
    await enqueueMail(ctx, trx, 'requested', row, { ...decider, company });
  }
  await enqueueEvent(ctx, trx, 'approval.requested', () => eventData(trx, approvalId));
  return approvalId;
}

export async function enqueueMail(
  ctx: AppContext,
  trx: Kysely<Database>,
  kind: ApprovalMailKind,
  row: ApprovalRow,
  to: { email: string; name: string; language: string; company: string },
): Promise<void> {
  const mail = renderApprovalMail(kind, languageOf(to.language), {
    approvalId: row.id,
    name: to.name,
    requesterName: row.requester_name,
    deciderName: row.decider_name ?? null,
    company: to.company,
    grandTotal: Number(row.grand_total),
    itemsCount: Number(row.items_count),
    expiresAt: row.expires_at,
    timeZone: ctx.config.shopTimeZone,
    reason: row.reason,
    orderId: row.order_id,
    link: `${ctx.config.publicUrl}/profile/approvals/${row.id}`,
  });
  await enqueue(ctx, trx, { kind: 'mail', mail: { to: to.email, ...mail } });
}

/** The decision's mail to the requester. */
export async function mailRequester(
  ctx: AppContext,
  trx: Kysely<Database>,
  kind: ApprovalMailKind,
  approvalId: number,
): Promise<void> {
  const row = await repo.findApproval(trx, approvalId);
  if (!row) return;
  const requester = await repo.findUserContact(trx, row.requester_user_id);
  if (!requester) return;
  const company = await repo.findCustomerName(trx, row.customer_id);
  await enqueueMail(ctx, trx, kind, row, { ...requester, company });
}

export async function eventData(db: Kysely<Database>, approvalId: number): Promise<ApprovalEventData> {
  const row = await repo.findApproval(db, approvalId);
  if (!row) throw new Error(`approval ${approvalId} not found`);
  const items = await repo.findApprovalItems(db, approvalId);
  return {
    approvalId: row.id,
    customerId: row.customer_id,
    status: row.status,
    requester: { userId: row.requester_user_id, name: row.requester_name, email: row.requester_email },
    decidedBy:
      row.decided_by_user_id === null
        ? null
        : { userId: row.decided_by_user_id, name: row.decider_name ?? '' },
    reason: row.reason,
    orderId: row.order_id,
    itemsGross: Number(row.items_sum_gross),
    grandTotal: Number(row.grand_total),
    lines: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      quantity: i.quantity,
      unitPrice: Number(i.unit_price),
    })),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
  };
}
