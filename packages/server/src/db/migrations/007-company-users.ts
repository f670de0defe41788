import { type Kysely, sql } from 'kysely';
import { type AddedColumns, addColumns, createIndex, dropColumns } from '../migration-helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * Company users (issue 15, docs/product.md §3.4): every customer login has a role in its company
 * (`owner`, `approver`, `buyer`, `requester`), an optional per-order and monthly limit (gross minor
 * units, 1/100 Ft; null = none), the shipping addresses it may use (none listed = all of the
 * company's), and an invitation code (hash and expiry) until it accepts. Every existing login
 * becomes the owner of its company: the column's default is `owner`, which also fills the rows
 * that exist (agents and staff carry it too; only customer logins read it).
 */
const USER_COLUMNS: AddedColumns = {
  users: [
    ['company_role', 'varchar(16)', (c) => c.notNull().defaultTo('owner')],
    ['order_limit', 'bigint'],
    ['monthly_limit', 'bigint'],
    ['invite_code_hash', 'varchar(128)'],
    ['invite_expires_at', 'varchar(30)'],
    ['invited_by_user_id', 'integer'],
    ['removed_at', 'varchar(30)'],
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, USER_COLUMNS);
  // Existing rows: the default filled them; say it once more for a database that ignored it.
  await db
    .updateTable('users')
    .set({ company_role: 'owner' })
    .where(sql.ref('company_role'), 'is', null)
    .execute();
  await createIndex(db, 'users_customer_role_idx', 'users', ['customer_id', 'company_role']);

  await db.schema
    .createTable('user_shipping_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shipping_address_id', 'integer', (c) =>
      c.notNull().references('shipping_addresses.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('user_shipping_addresses_pk', ['user_id', 'shipping_address_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_shipping_addresses').ifExists().execute();
  await db.schema.dropIndex('users_customer_role_idx').ifExists().execute();
  await dropColumns(db, USER_COLUMNS);
}
