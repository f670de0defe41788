import { type Kysely, PostgresAdapter, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose */

/**
 * The back office's customer list on SQLite (issue 18 point 5, docs/decisions/0022-back-office-at-a-million.md).
 * The list is ordered by the account's role, then the company's name (the login's name when it has no
 * company), then the id: a column of another table, so no index of users could give a page, and every
 * page sorted all customer and agent accounts; the search read both tables through LIKE.
 * - account_list (user_id, role, sort_name) with an index in the list's order: a page's ids are the
 *   index's next 25 entries, the count is the index's length.
 * - account_list_fts: an FTS5 trigram table over the five searched columns (the login's e-mail and
 *   name, the company's name, tax number and e-mail), rowid = users.id.
 * Both hold customer and agent accounts only and are kept in step by triggers on users and customers.
 * PostgreSQL needs neither: its pg_trgm indexes (migration 016) serve the search; nothing changes there.
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The rows of both tables for the accounts `users` selects (`u` for the user). */
async function insertAccounts(db: Kysely<any>, userCondition: string): Promise<void> {
  await sql
    .raw(
      `INSERT INTO account_list(user_id, role, sort_name)
         SELECT u.id, u.role, coalesce(c.name, u.name) FROM users u LEFT JOIN customers c ON c.id = u.customer_id
         WHERE u.role IN ('customer', 'agent') AND ${userCondition}`,
    )
    .execute(db);
}

const TRIGGERS = [
  'account_list_after_user_insert',
  'account_list_after_user_update',
  'account_list_after_user_delete',
  'account_list_after_customer_insert',
  'account_list_after_customer_update',
] as const;

/** The statements that put the account `id` (an expression of the trigger) into both tables. */
function insertAccount(id: string): string {
  return `INSERT INTO account_list(user_id, role, sort_name)
      SELECT u.id, u.role, coalesce(c.name, u.name) FROM users u LEFT JOIN customers c ON c.id = u.customer_id
      WHERE u.id = ${id} AND u.role IN ('customer', 'agent');
    INSERT INTO account_list_fts(rowid, email, name, customer_name, tax_number, customer_email)
      SELECT u.id, u.email, u.name, c.name, c.tax_number, c.email FROM users u LEFT JOIN customers c ON c.id = u.customer_id
      WHERE u.id = ${id} AND u.role IN ('customer', 'agent');`;
}

function deleteAccount(id: string): string {
  return `DELETE FROM account_list WHERE user_id = ${id};
    DELETE FROM account_list_fts WHERE rowid = ${id};`;
}

/** A company's change reaches its accounts: each is taken out and put back. */
function refreshCompany(customerId: string): string {
  return `DELETE FROM account_list WHERE user_id IN (SELECT id FROM users WHERE customer_id = ${customerId});
    DELETE FROM account_list_fts WHERE rowid IN (SELECT id FROM users WHERE customer_id = ${customerId});
    INSERT INTO account_list(user_id, role, sort_name)
      SELECT u.id, u.role, coalesce(c.name, u.name) FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.customer_id = ${customerId} AND u.role IN ('customer', 'agent');
    INSERT INTO account_list_fts(rowid, email, name, customer_name, tax_number, customer_email)
      SELECT u.id, u.email, u.name, c.name, c.tax_number, c.email FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.customer_id = ${customerId} AND u.role IN ('customer', 'agent');`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE TABLE account_list (
      user_id INTEGER PRIMARY KEY,
      role TEXT NOT NULL,
      sort_name TEXT
    )`.execute(db);
  // The list's order: role descending (customers before agents), then the name, then the id.
  await sql`CREATE INDEX account_list_order_idx ON account_list (role DESC, sort_name, user_id)`.execute(db);
  await sql`CREATE VIRTUAL TABLE account_list_fts USING fts5(email, name, customer_name, tax_number, customer_email, tokenize='trigram')`.execute(
    db,
  );
  const triggers: [string, string][] = [
    [TRIGGERS[0], `AFTER INSERT ON users BEGIN ${insertAccount('new.id')} END`],
    [
      TRIGGERS[1],
      `AFTER UPDATE OF id, role, email, name, customer_id ON users BEGIN ${deleteAccount('old.id')} ${insertAccount('new.id')} END`,
    ],
    [TRIGGERS[2], `AFTER DELETE ON users BEGIN ${deleteAccount('old.id')} END`],
    [TRIGGERS[3], `AFTER INSERT ON customers BEGIN ${refreshCompany('new.id')} END`],
    [
      TRIGGERS[4],
      `AFTER UPDATE OF name, tax_number, email ON customers BEGIN ${refreshCompany('new.id')} END`,
    ],
  ];
  for (const [name, body] of triggers) await sql.raw(`CREATE TRIGGER ${name} ${body}`).execute(db);
  await insertAccounts(db, '1 = 1');
  await sql`INSERT INTO account_list_fts(rowid, email, name, customer_name, tax_number, customer_email)
      SELECT u.id, u.email, u.name, c.name, c.tax_number, c.email FROM users u LEFT JOIN customers c ON c.id = u.customer_id
      WHERE u.role IN ('customer', 'agent')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const name of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS account_list_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS account_list`.execute(db);
}
