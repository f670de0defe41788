import type { Kysely } from 'kysely';
import {
  ADMIN_ORDERS_EXPORT_MAX,
  type AdminOrderAgent,
  type AdminOrderDetail,
  type AdminOrderFilter,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderSummary,
} from '@shop/shared/contracts/admin-orders';
import type { Language } from '@shop/shared/i18n/languages';
import { addDays, localDateTime, zonedDayStart } from '@shop/shared/rules/calendar-date';
import {
  canChangeOrderStatus,
  isOrderStatus,
  nextOrderStatuses,
  type OrderStatus,
  returnsStock,
} from '@shop/shared/rules/order-status';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { ADMIN_COUNT_CAP } from '@shop/shared/contracts/admin-common';
import { recordAudit } from '../admin/admin-access';
import { cappedTotal } from '../admin/admin-query';
import * as repo from './admin-orders.repository';
import { fulfilBackInStock } from '../back-in-stock/back-in-stock.service';
import { wakeOutbox } from '../outbox/outbox.service';
import { CSV_BOM, csvLine, csvMoney } from './orders-csv';
import { ORDERS_EXPORT_TEXTS } from './orders-texts';
import { exportedOrder } from '../integration/orders-export.service';
import { enqueueEvent } from '../webhooks/webhook-events';
import { billingAddressOf } from '../customers/billing-address';

/** The UTC instant local midnight starts `date` in the shop's time zone (clock changes included). */
export const shopDayStart = zonedDayStart;

function rowFilter(ctx: AppContext, filter: AdminOrderFilter): repo.OrderRowFilter {
  const timeZone = ctx.config.shopTimeZone;
  return {
    dialect: ctx.database.dialect,
    fromIso: filter.from ? shopDayStart(filter.from, timeZone).toISOString() : undefined,
    toIso: filter.to ? shopDayStart(addDays(filter.to, 1), timeZone).toISOString() : undefined,
    customer: filter.customer && filter.customer.length > 0 ? filter.customer : undefined,
    customerId: filter.customerId,
    agentUserId: filter.agentUserId,
    status: filter.status,
  };
}

function summaryOf(row: repo.OrderSummaryRow): AdminOrderSummary {
  const itemsSumGross = Number(row.items_sum_gross);
  const logistics = Number(row.logistics_cost);
  const shipping = Number(row.shipping_cost);
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    agentUserId: row.agent_user_id,
    agentName: row.agent_name ?? null,
    placedByName: row.placed_by_name ?? null,
    approvedByName: row.approved_by_name ?? null,
    shippingMethod: row.shipping_method_name,
    paymentMethod: row.payment_method_name,
    purchaseOrderNumber: row.purchase_order_number,
    deliveryDate: row.delivery_date,
    itemsCount: Number(row.items_count),
    itemsSumGross,
    itemsSumNet: Number(row.items_sum_net),
    total: itemsSumGross + logistics + shipping,
  };
}

export async function listOrders(
  ctx: AppContext,
  query: AdminOrderListQuery,
): Promise<AdminOrderListResponse> {
  const db = ctx.database.db;
  const filter = rowFilter(ctx, query);
  const offset = (query.page - 1) * query.pageSize;
  const [counted, rows] = await Promise.all([
    repo.countOrders(db, filter, ADMIN_COUNT_CAP + 1),
    repo.findOrderSummaries(db, filter, query.pageSize, offset),
  ]);
  return {
    items: rows.map(summaryOf),
    ...cappedTotal(counted, offset, rows.length, query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function orderAgents(ctx: AppContext): Promise<AdminOrderAgent[]> {
  return (await repo.findOrderAgents(ctx.database.db)).map((row) => ({ id: row.id, name: row.name }));
}

export async function orderDetail(ctx: AppContext, id: number): Promise<AdminOrderDetail> {
  const db = ctx.database.db;
  const row = await repo.findOrder(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [lines, history] = await Promise.all([repo.findOrderLines(db, id), repo.findStatusHistory(db, id)]);
  return {
    ...summaryOf(row),
    language: row.language,
    placedByUserId: row.user_id,
    placedByName: row.placed_by_name ?? null,
    customerTaxNumber: row.customer_tax_number,
    customerCompanyRegistrationNumber: row.customer_company_registration_number,
    billing: billingAddressOf(row),
    shipping:
      row.shipping_zip === null && row.shipping_city === null
        ? null
        : {
            country: row.shipping_country,
            countryCode: row.shipping_country_code,
            zip: row.shipping_zip,
            city: row.shipping_city,
            aptSuite: row.shipping_apt_suite,
          },
    shippingMethodCode: row.shipping_method_code,
    paymentMethodCode: row.payment_method_code,
    paymentTermDays: Number(row.payment_term_days),
    commentWebshop: row.comment_webshop,
    commentSupplier: row.comment_supplier,
    itemsPieces: Number(row.items_pieces),
    itemsWeight: Number(row.items_weight),
    logisticsCost: Number(row.logistics_cost),
    shippingCost: Number(row.shipping_cost),
    lines: lines.map((line) => ({
      productId: line.product_id,
      sku: line.sku,
      name: line.name,
      quantity: Number(line.quantity),
      unitPrice: Number(line.unit_price),
      vat: Number(line.vat),
      weight: Number(line.weight),
      lineGross: Number(line.line_gross),
      lineNet: Number(line.line_net),
    })),
    history: history.map((entry) => ({
      status: entry.status,
      createdAt: entry.created_at,
      changedByUserId: entry.changed_by_user_id,
      changedByName: entry.changed_by_name ?? null,
    })),
    nextStatuses: [...nextOrderStatuses(row.status)],
  };
}

/**
 * Moves an order to a new status if the rule allows it, in one transaction with its history row,
 * the audit entry and, when cancelling, the pieces going back into stock. The update is guarded by
 * the status read (`where status = from`), so two staff members changing the same order at once
 * cannot both succeed (the second gets ERR_INVALID_STATUS_TRANSITION).
 */
export async function changeOrderStatus(
  ctx: AppContext,
  auth: AuthUser,
  id: number,
  to: OrderStatus,
): Promise<AdminOrderDetail> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  await ctx.database.db.transaction().execute(async (trx) => {
    const order = await repo.findOrder(trx, id);
    if (!order) throw new AppError('NOT_FOUND');
    const from = order.status;
    if (!canChangeOrderStatus(from, to)) {
      throw new AppError('ERR_INVALID_STATUS_TRANSITION', { from, to });
    }
    if (!(await repo.updateStatus(trx, id, from, to, nowIso))) {
      const current = (await repo.findOrder(trx, id))?.status ?? from;
      throw new AppError('ERR_INVALID_STATUS_TRANSITION', { from: current, to });
    }
    await repo.insertStatus(trx, id, to, auth.userId, nowIso);
    const returned: { productId: number; sku: string; quantity: number }[] = [];
    if (isOrderStatus(to) && returnsStock(to)) {
      for (const line of await repo.findOrderLines(trx, id)) {
        if (line.product_id === null) continue;
        await repo.returnStock(trx, line.product_id, Number(line.quantity), nowIso);
        returned.push({ productId: line.product_id, sku: line.sku, quantity: Number(line.quantity) });
      }
      // Pieces back on the shelf: whoever waits for them is told (issue 17).
      await fulfilBackInStock(
        ctx,
        trx,
        returned.map((r) => r.productId),
      );
    }
    await recordAudit(trx, {
      actorUserId: auth.userId,
      action: 'order.status',
      entity: 'order',
      entityId: id,
      before: { status: from },
      after: returned.length > 0 ? { status: to, stockReturned: returned } : { status: to },
      at: now,
    });
    // The ERP's webhook, in the same transaction (docs/decisions/0020-webhooks.md).
    await enqueueEvent(ctx, trx, 'order.status_changed', () => exportedOrder(trx, id));
  });
  wakeOutbox(ctx);
  return orderDetail(ctx, id);
}

/** The CSV export of the filtered list (newest first), in the staff member's language. */
export async function exportOrdersCsv(
  ctx: AppContext,
  filter: AdminOrderFilter,
  language: Language,
): Promise<{ fileName: string; body: string }> {
  const texts = ORDERS_EXPORT_TEXTS[language];
  const db: Kysely<Database> = ctx.database.db;
  const rows = await repo.findOrderSummaries(db, rowFilter(ctx, filter), ADMIN_ORDERS_EXPORT_MAX, 0);
  const timeZone = ctx.config.shopTimeZone;
  const c = texts.columns;
  let body =
    CSV_BOM +
    csvLine([
      c.id,
      c.createdAt,
      c.status,
      c.customer,
      c.email,
      c.agent,
      c.shippingMethod,
      c.paymentMethod,
      c.purchaseOrderNumber,
      c.deliveryDate,
      c.lines,
      c.itemsNet,
      c.itemsGross,
      c.logistics,
      c.shipping,
      c.total,
    ]);
  for (const row of rows) {
    const s = summaryOf(row);
    const local = localDateTime(new Date(s.createdAt), timeZone);
    body += csvLine([
      s.id,
      `${local.date} ${local.time}`,
      isOrderStatus(s.status) ? texts.statuses[s.status] : s.status,
      s.customerName,
      s.customerEmail,
      s.agentName,
      s.shippingMethod,
      s.paymentMethod,
      s.purchaseOrderNumber,
      s.deliveryDate,
      s.itemsCount,
      csvMoney(s.itemsSumNet),
      csvMoney(s.itemsSumGross),
      csvMoney(Number(row.logistics_cost)),
      csvMoney(Number(row.shipping_cost)),
      csvMoney(s.total),
    ]);
  }
  const today = localDateTime(ctx.now(), timeZone).date;
  return { fileName: `${texts.fileBase}-${today}.csv`, body };
}
