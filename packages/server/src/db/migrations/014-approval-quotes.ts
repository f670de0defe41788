import type { Kysely } from 'kysely';
import { createIndex } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Quotes accepted by a login that may not order alone go for approval (issue 15 with issue 16;
 * docs/product.md §3.4.2, §5.12): `approvals.quote_id` is the quote whose acceptance the request is
 * (null for a cart). A plain column without a foreign key, so SQLite can drop it again in `down`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('approvals').addColumn('quote_id', 'integer').execute();
  await createIndex(db, 'approvals_quote_idx', 'approvals', ['quote_id', 'status']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('approvals_quote_idx').ifExists().execute();
  await db.schema.alterTable('approvals').dropColumn('quote_id').execute();
}
