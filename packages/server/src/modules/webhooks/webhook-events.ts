import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CustomerEventData, EventData, EventType } from '@shop/shared/contracts/events';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { enqueue } from '../outbox/outbox.service';
import * as repo from './webhooks.repository';

type Ctx = Pick<AppContext, 'config' | 'now'>;

/** `msg_` and 32 hex digits: the webhook-id, the same over every attempt and resend. */
export function newWebhookId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

export function parseEvents(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** One delivery of a body to one endpoint, and its outbox row, in `trx`. */
export async function createDelivery(
  ctx: Ctx,
  trx: Kysely<Database>,
  endpoint: { id: number; url: string },
  eventType: string,
  body: string,
): Promise<number> {
  const deliveryId = await repo.insertDelivery(trx, {
    endpointId: endpoint.id,
    webhookId: newWebhookId(),
    eventType,
    payload: body,
    now: ctx.now().toISOString(),
  });
  const queued = await enqueue(ctx, trx, { kind: 'webhook', deliveryId, url: endpoint.url, eventType });
  await repo.setDeliveryOutbox(trx, deliveryId, queued.id);
  return deliveryId;
}

/** The body of every webhook: `{ type, timestamp, data }`. */
export function eventBody(type: string, timestamp: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
}

/**
 * Writes an event for every enabled endpoint that subscribes to it, in the transaction of the
 * change (docs/decisions/0019-outbox.md); the caller wakes the outbox after its commit. `data` is
 * read only when some endpoint wants the event. Answers how many deliveries were written.
 */
export async function enqueueEvent<T extends EventType>(
  ctx: Ctx,
  trx: Kysely<Database>,
  type: T,
  data: () => Promise<EventData<T>>,
): Promise<number> {
  const endpoints = (await repo.enabledEndpoints(trx)).filter((e) => parseEvents(e.events).includes(type));
  if (endpoints.length === 0) return 0;
  const body = eventBody(type, ctx.now(), await data());
  for (const endpoint of endpoints) await createDelivery(ctx, trx, endpoint, type, body);
  return endpoints.length;
}

/** A customer account as the customer events carry it, read with `db` (inside the change's transaction). */
export async function customerEventData(db: Kysely<Database>, userId: number): Promise<CustomerEventData> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.id as user_id',
      'u.email',
      'u.name as contact_name',
      'u.language',
      'u.created_at',
      'u.approved_at',
      'c.id as customer_id',
      'c.name',
      'c.phone',
      'c.is_company',
      'c.tax_number',
      'c.company_registration_number',
      'c.erp_code',
      'c.billing_country',
      'c.billing_zip',
      'c.billing_city',
      'c.billing_apt_suite',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    customerId: row.customer_id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    contactName: row.contact_name,
    phone: row.phone ?? null,
    isCompany: Number(row.is_company) === 1,
    taxNumber: row.tax_number ?? null,
    companyRegistrationNumber: row.company_registration_number ?? null,
    erpCode: row.erp_code ?? null,
    billing: {
      country: row.billing_country ?? null,
      zip: row.billing_zip ?? null,
      city: row.billing_city ?? null,
      aptSuite: row.billing_apt_suite ?? null,
    },
    language: row.language,
    registeredAt: row.created_at,
    approvedAt: row.approved_at,
  };
}
