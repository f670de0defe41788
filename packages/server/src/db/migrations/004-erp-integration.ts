import type { Kysely } from 'kysely';
import { createIndex } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * ERP integration (issue 7): customers carry the ERP's customer code, the key the integration API
 * upserts them by (unique; null for customers the ERP does not know yet), and orders get an index
 * on id with the acknowledgement so "new orders since a cursor" stays an index range scan.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('erp_code', 'varchar(64)').execute();
  await db.schema.createIndex('customers_erp_code_idx').on('customers').column('erp_code').unique().execute();
  await createIndex(db, 'orders_erp_ack_idx', 'orders', ['erp_acknowledged_at', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_erp_ack_idx').ifExists().execute();
  await db.schema.dropIndex('customers_erp_code_idx').ifExists().execute();
  await db.schema.alterTable('customers').dropColumn('erp_code').execute();
}
