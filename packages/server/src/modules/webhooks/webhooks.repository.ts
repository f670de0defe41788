import type { Kysely, Selectable } from 'kysely';
import type { Database, Instant, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The enabled endpoints (an event goes to those among them that subscribe to it). */
export async function enabledEndpoints(db: Db): Promise<Pick<EndpointRow, 'id' | 'url' | 'events'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'events'])
    .where('enabled', '=', 1)
    .execute();
}

export async function insertEndpoint(
  db: Db,
  row: { url: string; description: string; events: string; enabled: boolean; secret: string; now: Instant },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: row.url,
      description: row.description,
      events: row.events,
      enabled: row.enabled ? 1 : 0,
      secret: row.secret,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      EndpointRow,
      | 'url'
      | 'description'
      | 'events'
      | 'enabled'
      | 'secret'
      | 'previous_secret'
      | 'previous_secret_expires_at'
      | 'failing_since'
      | 'disabled_reason'
    >
  > & { updated_at: Instant },
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the endpoint, its deliveries, and their messages not yet sent. */
export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('kind', '=', 'webhook')
    .where('status', 'in', ['pending', 'failed'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('outbox_id')
        .where('endpoint_id', '=', id)
        .where('outbox_id', 'is not', null),
    )
    .execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export async function insertDelivery(
  db: Db,
  row: { endpointId: number; webhookId: string; eventType: string; payload: string; now: Instant },
): Promise<number> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: row.endpointId,
      webhook_id: row.webhookId,
      event_type: row.eventType,
      payload: row.payload,
      attempts: 0,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setDeliveryOutbox(db: Db, deliveryId: number, outboxId: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ outbox_id: outboxId })
    .where('id', '=', deliveryId)
    .execute();
}

/** A delivery with what its endpoint needs to send it. */
export async function findDeliveryForSend(db: Db, deliveryId: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.webhook_id',
      'd.event_type',
      'd.payload',
      'e.url',
      'e.enabled',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_expires_at',
      'e.failing_since',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export async function findDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/** One attempt's outcome on the delivery. */
export async function recordAttempt(
  db: Db,
  deliveryId: number,
  outcome: { statusCode: number | null; error: string | null; at: Instant; delivered: boolean },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_status_code: outcome.statusCode,
      last_error: outcome.error === null ? null : outcome.error.slice(0, 2000),
      last_attempt_at: outcome.at,
      ...(outcome.delivered ? { delivered_at: outcome.at } : {}),
    }))
    .where('id', '=', deliveryId)
    .execute();
}

/** The endpoint answered: it is no longer failing. */
export async function clearFailing(db: Db, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/** The first failure of a run starts the clock. */
export async function markFailing(db: Db, endpointId: number, since: Instant): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: since })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
}

/** Disables an enabled endpoint; answers whether this call did it (so one mail goes out). */
export async function disableEndpoint(
  db: Db,
  endpointId: number,
  reason: 'gone' | 'failing',
  now: Instant,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deliveries of an endpoint, newest first, with their outbox row's state. */
export async function listDeliveries(db: Db, endpointId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries as d')
      .leftJoin('outbox as o', 'o.id', 'd.outbox_id')
      .selectAll('d')
      .select(['o.status as outbox_status', 'o.next_attempt_at'])
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The state of the delivery's current outbox row. */
export async function outboxStatus(db: Db, outboxId: number) {
  return db.selectFrom('outbox').select(['id', 'status']).where('id', '=', outboxId).executeTakeFirst();
}

/** The administrators who get the shop's operational mails. */
export async function activeAdministrators(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .where('is_disabled', '=', 0)
    .orderBy('id')
    .execute();
}

/** A waiting outbox row is tried at once. */
export async function outboxDueNow(db: Db, outboxId: number, now: Instant): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('id', '=', outboxId)
    .where('status', '=', 'pending')
    .execute();
}
