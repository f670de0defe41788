import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type {
  WebhookCreate,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookUpdate,
  WebhookWithSecret,
} from '@shop/shared/contracts/admin-webhooks';
import { TEST_EVENT_TYPE } from '@shop/shared/contracts/events';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { createDelivery, eventBody, parseEvents } from './webhook-events';
import { hostOf, resolveAll, targetPolicy } from './webhook-target';
import * as repo from './webhooks.repository';

/**
 * Webhook endpoints in the back office (issue 14, docs/decisions/0020-webhooks.md): every change is
 * audited in its transaction (the secret never is); the secret is answered at creation and rotation
 * only; a target is checked on every address its host resolves to when it is saved.
 */

/** `whsec_` and 32 random bytes in base64, the Standard Webhooks secret format. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    enabled: row.enabled === 1,
    disabledReason:
      row.disabled_reason === 'gone' || row.disabled_reason === 'failing' ? row.disabled_reason : null,
    failingSince: row.failing_since,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of an endpoint (no secret). */
function audited(row: repo.EndpointRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = toEndpoint(row);
  return rest;
}

/**
 * The target check at save time: the host must resolve, and every address it resolves to must be
 * public or inside WEBHOOK_ALLOWED_NETWORKS (delivery checks the address connected to again).
 */
export async function checkTarget(ctx: AppContext, urlText: string): Promise<void> {
  const host = hostOf(new URL(urlText));
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw new AppError('ERR_WEBHOOK_HOST_UNKNOWN', { host });
  }
  if (addresses.length === 0) throw new AppError('ERR_WEBHOOK_HOST_UNKNOWN', { host });
  const policy = targetPolicy(ctx.config.webhookAllowedNetworks);
  const refused = addresses.find((address) => !policy(address));
  if (refused) throw new AppError('ERR_WEBHOOK_TARGET_FORBIDDEN', { address: refused });
}

async function audit(
  ctx: AppContext,
  trx: Kysely<Database>,
  actorUserId: number,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
): Promise<void> {
  await recordAudit(trx, {
    actorUserId,
    action: `webhook.${action}`,
    entity: 'webhook',
    entityId: id,
    before,
    after,
    at: ctx.now(),
  });
}

function found<T>(row: T | undefined): T {
  if (row === undefined) throw new AppError('ERR_WEBHOOK_NOT_FOUND');
  return row;
}

export async function listWebhooks(ctx: AppContext): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(ctx.database.db)).map(toEndpoint);
}

export async function createWebhook(
  ctx: AppContext,
  actorUserId: number,
  input: Required<Omit<WebhookCreate, 'description' | 'enabled'>> & { description: string; enabled: boolean },
): Promise<WebhookWithSecret> {
  await checkTarget(ctx, input.url);
  const secret = newSecret();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const created = await repo.insertEndpoint(trx, {
      url: input.url,
      description: input.description,
      events: JSON.stringify(input.events),
      enabled: input.enabled,
      secret,
      now: ctx.now().toISOString(),
    });
    await audit(ctx, trx, actorUserId, 'create', created.id, null, audited(created));
    return created;
  });
  return { ...toEndpoint(row), secret };
}

export async function updateWebhook(
  ctx: AppContext,
  actorUserId: number,
  id: number,
  input: WebhookUpdate,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkTarget(ctx, input.url);
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const before = found(await repo.findEndpoint(trx, id));
    const enabling = input.enabled === true && before.enabled !== 1;
    const after = found(
      await repo.updateEndpoint(trx, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        // Enabled again (by hand): the failure clock and the shop's reason start over.
        ...(enabling ? { failing_since: null, disabled_reason: null } : {}),
        ...(input.enabled === false ? { disabled_reason: null } : {}),
        updated_at: ctx.now().toISOString(),
      }),
    );
    await audit(ctx, trx, actorUserId, 'update', id, audited(before), audited(after));
    return after;
  });
  return toEndpoint(row);
}

export async function deleteWebhook(ctx: AppContext, actorUserId: number, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = found(await repo.findEndpoint(trx, id));
    await repo.deleteEndpoint(trx, id);
    await audit(ctx, trx, actorUserId, 'delete', id, audited(before), null);
  });
}

/** A new secret; the old one keeps signing too for `overlapHours` (both signatures are sent). */
export async function rotateSecret(
  ctx: AppContext,
  actorUserId: number,
  id: number,
  overlapHours: number,
): Promise<WebhookWithSecret> {
  const secret = newSecret();
  const now = ctx.now();
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const before = found(await repo.findEndpoint(trx, id));
    const expiresAt =
      overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000).toISOString() : null;
    const after = found(
      await repo.updateEndpoint(trx, id, {
        secret,
        previous_secret: expiresAt ? before.secret : null,
        previous_secret_expires_at: expiresAt,
        updated_at: now.toISOString(),
      }),
    );
    await audit(ctx, trx, actorUserId, 'rotate_secret', id, null, { previousSecretExpiresAt: expiresAt });
    return after;
  });
  return { ...toEndpoint(row), secret };
}

function deliveryStatus(row: {
  delivered_at: string | null;
  outbox_status: string | null;
  outbox_id: number | null;
}): WebhookDelivery['status'] {
  if (row.outbox_status === 'pending' || row.outbox_status === 'sending') return row.outbox_status;
  if (row.outbox_status === 'failed') return 'failed';
  if (row.outbox_status === 'sent' || row.delivered_at) return 'delivered';
  return 'failed';
}

export async function listDeliveries(
  ctx: AppContext,
  id: number,
  query: { page: number; pageSize: number },
): Promise<AdminPage<WebhookDelivery>> {
  found(await repo.findEndpoint(ctx.database.db, id));
  const { rows, total } = await repo.listDeliveries(
    ctx.database.db,
    id,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    total,
    page: query.page,
    pageSize: query.pageSize,
    items: rows.map((row) => {
      const status = deliveryStatus(row);
      return {
        id: row.id,
        endpointId: row.endpoint_id,
        webhookId: row.webhook_id,
        eventType: row.event_type,
        status,
        attempts: Number(row.attempts),
        lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
        lastError: row.last_error,
        nextAttemptAt: status === 'pending' ? (row.next_attempt_at ?? null) : null,
        lastAttemptAt: row.last_attempt_at,
        deliveredAt: row.delivered_at,
        createdAt: row.created_at,
      };
    }),
  };
}

async function deliveryAnswer(
  ctx: AppContext,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const page = await listDeliveries(ctx, endpointId, { page: 1, pageSize: 100 });
  const item = page.items.find((d) => d.id === deliveryId);
  if (item) return item;
  const row = found(await repo.findDelivery(ctx.database.db, endpointId, deliveryId));
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    webhookId: row.webhook_id,
    eventType: row.event_type,
    status: 'pending',
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: null,
    lastAttemptAt: row.last_attempt_at,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

/** A `webhook.test` event to one endpoint (it must be enabled); audited; answers its delivery. */
export async function sendTestEvent(
  ctx: AppContext,
  actorUserId: number,
  id: number,
): Promise<WebhookDelivery> {
  const deliveryId = await ctx.database.db.transaction().execute(async (trx) => {
    const endpoint = found(await repo.findEndpoint(trx, id));
    if (endpoint.enabled !== 1) throw new AppError('ERR_WEBHOOK_DISABLED');
    const body = eventBody(TEST_EVENT_TYPE, ctx.now(), {
      endpointId: id,
      message: 'A test event sent from the back office.',
    });
    const created = await createDelivery(ctx, trx, endpoint, TEST_EVENT_TYPE, body);
    await audit(ctx, trx, actorUserId, 'test', id, null, { deliveryId: created });
    return created;
  });
  wakeOutbox(ctx);
  return deliveryAnswer(ctx, id, deliveryId);
}

/**
 * Sends a delivery again with the same webhook-id and body (the receiver may drop it as a
 * duplicate of one it already has). A delivery still waiting is tried now; otherwise a new outbox
 * row is written. The endpoint must be enabled.
 */
export async function resendDelivery(
  ctx: AppContext,
  actorUserId: number,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const endpoint = found(await repo.findEndpoint(trx, id));
    const delivery = found(await repo.findDelivery(trx, id, deliveryId));
    if (endpoint.enabled !== 1) throw new AppError('ERR_WEBHOOK_DISABLED');
    const current =
      delivery.outbox_id === null ? undefined : await repo.outboxStatus(trx, delivery.outbox_id);
    const now = ctx.now().toISOString();
    if (current?.status === 'pending') {
      await repo.outboxDueNow(trx, current.id, now);
    } else if (current?.status !== 'sending') {
      const queued = await enqueue(ctx, trx, {
        kind: 'webhook',
        deliveryId,
        url: endpoint.url,
        eventType: delivery.event_type,
      });
      await repo.setDeliveryOutbox(trx, deliveryId, queued.id);
    }
    await audit(ctx, trx, actorUserId, 'resend', id, null, { deliveryId, webhookId: delivery.webhook_id });
  });
  wakeOutbox(ctx);
  return deliveryAnswer(ctx, id, deliveryId);
}
