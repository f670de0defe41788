import type { Kysely } from 'kysely';
import type { BackInStockList } from '@shop/shared/contracts/back-in-stock';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { parseStoredPhotos } from '../product-photos/photo-json';
import { photoSizes } from '../product-photos/photo-images';
import { renderBackInStockMail } from './back-in-stock-mail';
import * as repo from './back-in-stock.repository';

/**
 * Back-in-stock alerts (issue 17, docs/product.md "Back-in-stock alerts"). A signed-in user asks
 * for an out-of-stock product; every path that raises stock (the back-office product form, the
 * import, the ERP's product and stock batches, a cancelled order's pieces going back) calls
 * `fulfilBackInStock` in its own transaction: each waiting user of a product now above zero gets one
 * mail through the outbox, in their language, and the request is deleted with it.
 */

type Db = Kysely<Database>;

function nameIn(
  names: { product_id: number; language: string; name: string }[],
  productId: number,
  language: Language,
) {
  const own = names.filter((n) => n.product_id === productId);
  return (
    own.find((n) => n.language === language)?.name ??
    own.find((n) => n.language === DEFAULT_LANGUAGE)?.name ??
    own[0]?.name ??
    ''
  );
}

export async function requestAlert(
  ctx: AppContext,
  user: AuthUser,
  sku: string,
  language: Language,
): Promise<BackInStockList> {
  const product = await repo.findProduct(ctx.database.db, sku);
  if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND');
  if (Number(product.stock) > 0) throw new AppError('ERR_PRODUCT_IN_STOCK');
  await repo.insertRequest(ctx.database.db, user.userId, product.id, ctx.now().toISOString());
  return listAlerts(ctx, user, language);
}

export async function cancelAlert(
  ctx: AppContext,
  user: AuthUser,
  sku: string,
  language: Language,
): Promise<BackInStockList> {
  const product = await repo.findProduct(ctx.database.db, sku);
  if (!product || !(await repo.deleteRequest(ctx.database.db, user.userId, product.id))) {
    throw new AppError('ERR_BACK_IN_STOCK_NOT_FOUND');
  }
  return listAlerts(ctx, user, language);
}

export async function listAlerts(
  ctx: AppContext,
  user: AuthUser,
  language: Language,
): Promise<BackInStockList> {
  const rows = await repo.listForUser(ctx.database.db, user.userId);
  const names = await repo.namesOf(
    ctx.database.db,
    rows.map((r) => r.product_id),
  );
  return {
    requests: rows.map((r) => ({
      productSku: r.sku,
      productId: r.product_id,
      productName: nameIn(names, r.product_id, language),
      createdAt: r.created_at,
    })),
  };
}

export async function waitingCount(ctx: AppContext, sku: string): Promise<{ sku: string; waiting: number }> {
  const product = await repo.findProduct(ctx.database.db, sku);
  if (!product) throw new AppError('ERR_PRODUCT_NOT_FOUND');
  return { sku: product.sku, waiting: await repo.countWaiting(ctx.database.db, product.id) };
}

/**
 * Call in the transaction of every write that may raise stock, with the products it wrote: the
 * waiting requests of those now above zero get their mail queued and are closed. Returns how many
 * mails were queued (call `wakeOutbox(ctx)` after the commit when above zero).
 */
export async function fulfilBackInStock(
  ctx: Pick<AppContext, 'config' | 'now'>,
  db: Db,
  productIds: readonly number[],
): Promise<number> {
  let queued = 0;
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const due = await repo.dueRequests(db, unique.slice(i, i + 500));
    if (due.length === 0) continue;
    const names = await repo.namesOf(db, [...new Set(due.map((d) => d.product_id))]);
    for (const request of due) {
      if (request.is_disabled === 1) continue;
      const language: Language = isLanguage(request.language) ? request.language : DEFAULT_LANGUAGE;
      const photo = parseStoredPhotos(request.photos)[0];
      const thumbnail = photo
        ? photoSizes(photo.hash, photo.width, photo.height, photo.widths)[0]
        : undefined;
      const mail = renderBackInStockMail(language, {
        userName: request.name,
        productName: nameIn(names, request.product_id, language) || request.sku,
        sku: request.sku,
        link: `${ctx.config.publicUrl}/?product=${encodeURIComponent(request.sku)}`,
        photoUrl: thumbnail ? `${ctx.config.publicUrl}${thumbnail.jpeg}` : null,
      });
      await enqueue(ctx, db, { kind: 'mail', mail: { to: request.email, ...mail } });
      queued += 1;
    }
    await repo.deleteRequests(
      db,
      due.map((d) => d.id),
    );
  }
  return queued;
}

/** After the commit of a write that called fulfilBackInStock: deliver at once. */
export function afterRestock(ctx: Pick<AppContext, 'database'>, queued: number): void {
  if (queued > 0) wakeOutbox(ctx);
}
