import type { Kysely } from 'kysely';
import { createIndex, createTableWithId } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * The transactional outbox (issue 14, docs/decisions/0019-outbox.md): every message the shop sends
 * is a row written in the transaction of the change that causes it; the dispatcher claims due rows
 * (a lease: `lease_until`, `locked_by`), delivers them and marks them sent, or reschedules them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, 'outbox')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('target', 'varchar(1000)', (c) => c.notNull())
    .addColumn('topic', 'varchar(255)', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  // The dispatcher's two claims: due pending rows, and rows whose lease has run out.
  await createIndex(db, 'outbox_due_idx', 'outbox', ['status', 'next_attempt_at']);
  await createIndex(db, 'outbox_lease_idx', 'outbox', ['status', 'lease_until']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
}
