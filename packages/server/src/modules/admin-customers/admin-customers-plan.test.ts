import { sql, type Kysely, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlans } from '../../../test/query-plans';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/schema';
import { runLargeAccountsSeed } from '../../seed/large-seed';
import { listAccounts } from './admin-customers.repository';

/**
 * The back office's customer search (issue 18 point 5, migration 016): each table is asked on its own,
 * so PostgreSQL answers from the pg_trgm indexes on lower() of the searched columns, and the answer is
 * exactly what the one OR over the users-customers join answered.
 */

const NOW = new Date('2026-11-20T10:00:00.000Z');

describe.each(TEST_DIALECTS)('customer search plans on %s', (dialect) => {
  let testDb: TestDatabase;
  const db = () => testDb.handle.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    await runLargeAccountsSeed(db(), { customers: 300, orders: 0, now: NOW });
  });

  afterAll(async () => {
    await testDb?.drop();
  });

  /** The ids the plain OR over the join finds, in the list's order: the search before migration 016. */
  async function expected(text: string): Promise<number[]> {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const rows = await db()
      .selectFrom('users')
      .leftJoin('customers', 'customers.id', 'users.customer_id')
      .where('users.role', 'in', ['customer', 'agent'])
      .where((eb) =>
        eb.or(
          ['users.email', 'users.name', 'customers.name', 'customers.tax_number', 'customers.email'].map(
            like,
          ),
        ),
      )
      .select('users.id')
      .orderBy('users.role', 'desc')
      .orderBy((eb) => eb.fn.coalesce('customers.name', 'users.name'))
      .orderBy('users.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The list's first 100 rows and its total for each text are those of the plain OR over the join. */
  async function expectSameAsJoin(texts: string[]): Promise<void> {
    for (const text of texts) {
      const want = await expected(text);
      const found = await listAccounts(db(), { page: 1, pageSize: 100, q: text });
      expect(
        found.rows.map((row) => row.id),
        text,
      ).toEqual(want.slice(0, 100));
      expect(found.total, text).toBe(want.length);
    }
  }

  it('finds by a part of the e-mail, name, company name, tax number or company e-mail, as the OR did', async () => {
    const customer = await db()
      .selectFrom('customers')
      .select(['name', 'tax_number', 'email'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const texts = [
      customer.name.split(' ').find((word) => /^\d+$/.test(word)) ?? customer.name,
      (customer.tax_number ?? '').slice(0, 6),
      (customer.email ?? '').slice(0, 12).toUpperCase(),
      'Kft',
      '1',
      '%',
      'a_b',
      'nobody-here',
    ];
    await expectSameAsJoin(texts);
    expect((await expected(texts[0]!)).length).toBeGreaterThan(0);
  });

  it('follows changes of accounts and companies (the triggers of migration 017 on SQLite), with the role filter', async () => {
    const company = await db()
      .selectFrom('customers')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(1)
      .offset(10)
      .executeTakeFirstOrThrow();
    const account = await db()
      .selectFrom('users')
      .select(['id', 'email'])
      .where('customer_id', '=', company.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('customers')
      .set({ name: 'Aaa Zebra-Renamed Kft' })
      .where('id', '=', company.id)
      .execute();
    await db()
      .updateTable('users')
      .set({ email: 'moved-Xq7@example.com' })
      .where('id', '=', account.id)
      .execute();
    const other = await db()
      .selectFrom('customers')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await db().deleteFrom('customers').where('id', '=', other.id).execute();
    const texts = ['zebra-renamed', 'xq7', account.email, 'Kft', company.name.slice(0, 8)];
    await expectSameAsJoin(texts);
    expect(await expected('zebra-renamed')).toContain(account.id);
    expect(await expected('moved-xq7')).toEqual([account.id]);
    // The first page is the renamed company's ('Aaa…' sorts first), every page in the list's order.
    const all = await expected('');
    const first = await listAccounts(db(), { page: 1, pageSize: 25 });
    expect(first.rows.map((row) => row.id)).toEqual(all.slice(0, 25));
    expect(first.rows[0]?.customer_name).toBe('Aaa Zebra-Renamed Kft');
    expect(first.total).toBe(all.length);
    const third = await listAccounts(db(), { page: 3, pageSize: 25 });
    expect(third.rows.map((row) => row.id)).toEqual(all.slice(50, 75));
    const customerIds = (
      await db().selectFrom('users').select('id').where('role', '=', 'customer').execute()
    ).map((row) => row.id);
    const customers = await listAccounts(db(), { page: 2, pageSize: 25, kind: 'customer' });
    expect(customers.rows.map((row) => row.id)).toEqual(
      all.filter((id) => customerIds.includes(id)).slice(25, 50),
    );
    expect(customers.total).toBe(customerIds.length);
    const agents = await listAccounts(db(), { page: 1, pageSize: 25, kind: 'agent' });
    expect(agents.total).toBe(all.length - customerIds.length);
  });

  it.runIf(dialect === 'sqlite')(
    'SQLite: a page takes its ids from the list-order index and the search from the trigram table',
    async () => {
      const page = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listAccounts(captured, { page: 3, pageSize: 25 }),
      );
      // The ids' statement walks the index in the list's order (the 25 rows are sorted afterwards).
      const ids = page.filter((plan) => /account_list_order_idx/.test(plan));
      expect(ids).toHaveLength(1);
      expect(ids[0]).not.toMatch(/TEMP B-TREE/);
      const search = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listAccounts(captured, { page: 1, pageSize: 25, q: 'customer-42' }),
      );
      expect(search.join('\n')).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
      expect(search.join('\n')).not.toMatch(/SCAN (users|customers)\b/);
    },
  );

  it.runIf(dialect === 'postgres')(
    'PostgreSQL: the search reads the pg_trgm indexes of both tables',
    async () => {
      const plans = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listAccounts(captured, { page: 1, pageSize: 25, q: 'customer-42' }),
      );
      // The count and the page's ids search; the rows of the page are read by their ids.
      expect(plans).toHaveLength(3);
      const searching = plans.filter(
        (plan) => /users_email_lower_trgm_idx/.test(plan) && /customers_name_lower_trgm_idx/.test(plan),
      );
      expect(searching).toHaveLength(2);
    },
  );
});
