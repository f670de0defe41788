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
    for (const text of texts) {
      const want = await expected(text);
      const found = await listAccounts(db(), { page: 1, pageSize: 100, q: text });
      expect(
        found.rows.map((row) => row.id),
        text,
      ).toEqual(want.slice(0, 100));
      expect(found.total, text).toBe(want.length);
    }
    expect((await expected(texts[0]!)).length).toBeGreaterThan(0);
  });

  it.runIf(dialect === 'postgres')(
    'PostgreSQL: the search reads the pg_trgm indexes of both tables',
    async () => {
      const plans = await queryPlans(db(), dialect, (captured: Kysely<Database>) =>
        listAccounts(captured, { page: 1, pageSize: 25, q: 'customer-42' }),
      );
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toMatch(/users_email_lower_trgm_idx/);
        expect(plan).toMatch(/customers_name_lower_trgm_idx/);
      }
    },
  );
});
