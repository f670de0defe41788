import type { Kysely } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Webhooks (issue 14, docs/decisions/0020-webhooks.md): the endpoints administrators register, and
 * one delivery per event and endpoint. A delivery carries the `webhook-id` (stable over every
 * attempt and resend) and the body exactly as sent; the outbox row that delivers it points to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, 'webhook_endpoints')
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // JSON array of event types.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('previous_secret', 'varchar(100)')
    .addColumn('previous_secret_expires_at', 'varchar(30)')
    .addColumn('failing_since', 'varchar(30)')
    .addColumn('disabled_reason', 'varchar(16)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await createTableWithId(db, 'webhook_deliveries')
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('webhook_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'varchar(30)')
    .addColumn('delivered_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await createIndex(db, 'webhook_deliveries_endpoint_idx', 'webhook_deliveries', ['endpoint_id', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
