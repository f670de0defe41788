import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertUser } from '../../../test/account-fixtures';
import { countingHandle } from '../../../test/query-counter';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';
import { insertAddress } from '../cart/checkout-fixtures';
import { findUserWithCurrentAddress } from './shipping-addresses.repository';

/**
 * findUserWithCurrentAddress is compiled once per dialect (PreparedQuery) and runs on every logged-in
 * request that needs the acting customer: the same rows on SQLite and PostgreSQL, for each user the
 * arguments of the call (not of the first call), also through a transaction's handle.
 */
describe.each(TEST_DIALECTS)('findUserWithCurrentAddress (%s)', (dialect) => {
  let testDb: TestDatabase;
  const ids = {} as {
    owner: number;
    member: number;
    agent: number;
    company: number;
    agentCustomer: number;
    inactiveAddress: number;
    firstAddress: number;
    secondAddress: number;
    agentAddress: number;
    groupAssortment: number;
    ownAssortment: number;
  };
  // The catalogue settings as stored (the row carries them for the catalogue's requests).
  const settings = { catalogue_version: null as string | null, few_stock_threshold: null as string | null };

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    const database = testDb.handle;
    const agent = await insertUser(database, { role: 'agent', language: 'vi' });
    ids.agent = agent.id;
    ids.company = (await insertCustomer(database)).id;
    ids.agentCustomer = (await insertCustomer(database, { agentUserId: agent.id })).id;
    await database.db
      .updateTable('customers')
      .set({ price_group: 'B', customer_discount_bp: 250 })
      .where('id', '=', ids.agentCustomer)
      .execute();
    await database.db
      .updateTable('customers')
      .set({ price_group: 'A' })
      .where('id', '=', ids.company)
      .execute();
    // Price group B has an assortment (the agent's customer's), the company one of its own.
    const now = new Date().toISOString();
    for (const name of ['Group B range', 'Company range']) {
      await database.db
        .insertInto('assortments')
        .values({ name, created_at: now, updated_at: now })
        .execute();
    }
    const assortments = await database.db.selectFrom('assortments').select(['id', 'name']).execute();
    ids.groupAssortment = assortments.find((a) => a.name === 'Group B range')!.id;
    ids.ownAssortment = assortments.find((a) => a.name === 'Company range')!.id;
    await database.db
      .insertInto('assortment_price_groups')
      .values({ price_group: 'B', assortment_id: ids.groupAssortment })
      .execute();
    await database.db
      .insertInto('assortment_customers')
      .values({ customer_id: ids.company, assortment_id: ids.ownAssortment })
      .execute();
    await database.db
      .insertInto('settings')
      .values({ key: 'shop.fewStockThreshold', value: '7' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '7' }))
      .execute();
    const stored = await database.db.selectFrom('settings').select(['key', 'value']).execute();
    settings.catalogue_version = stored.find((row) => row.key === 'catalogue.version')?.value ?? null;
    settings.few_stock_threshold = '7';
    ids.inactiveAddress = await insertAddress(database, ids.company, { isActive: false });
    ids.firstAddress = await insertAddress(database, ids.company);
    ids.secondAddress = await insertAddress(database, ids.company, { city: 'Pécs' });
    ids.agentAddress = await insertAddress(database, ids.agentCustomer);
    await database.db
      .updateTable('users')
      .set({ current_shipping_address_id: ids.agentAddress })
      .where('id', '=', agent.id)
      .execute();
    ids.owner = (
      await insertUser(database, {
        customerId: ids.company,
        language: 'zh',
        currentShippingAddressId: ids.secondAddress,
      })
    ).id;
    ids.member = (
      await insertUser(database, { customerId: ids.company, currentShippingAddressId: ids.firstAddress })
    ).id;
    await database.db
      .updateTable('users')
      .set({ company_role: 'buyer', order_limit: 5000000, monthly_limit: 20000000 })
      .where('id', '=', ids.member)
      .execute();
    await database.db
      .insertInto('user_shipping_addresses')
      .values({ user_id: ids.member, shipping_address_id: ids.secondAddress })
      .execute();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  /** The row with EXISTS as 0/1 (PostgreSQL answers a boolean, SQLite an integer). */
  async function rowOf(userId: number, db = testDb.handle.db) {
    const row = await findUserWithCurrentAddress(db, userId);
    if (row === undefined) return undefined;
    return {
      ...row,
      address_restricted: Number(row.address_restricted),
      current_address_allowed: Number(row.current_address_allowed),
    };
  }

  function expectedOwner() {
    return {
      id: ids.owner,
      role: 'customer',
      token_version: 0,
      is_disabled: 0,
      is_active: 1,
      must_change_password: 0,
      customer_id: ids.company,
      language: 'zh',
      company_role: 'owner',
      order_limit: null,
      monthly_limit: null,
      address_id: ids.secondAddress,
      address_customer_id: ids.company,
      address_active: 1,
      address_agent_user_id: null,
      address_price_group: 'A',
      address_discount_bp: 0,
      own_customer_id: ids.company,
      own_price_group: 'A',
      own_discount_bp: 0,
      address_own_assortment_id: ids.ownAssortment,
      address_group_assortment_id: null,
      own_assortment_id: ids.ownAssortment,
      own_group_assortment_id: null,
      first_address_id: ids.firstAddress,
      address_restricted: 0,
      current_address_allowed: 0,
      first_allowed_address_id: null,
      ...settings,
    };
  }

  it('answers each user its own row, whichever user was asked first', async () => {
    expect(await rowOf(ids.owner)).toEqual(expectedOwner());
    expect(await rowOf(ids.member)).toEqual({
      ...expectedOwner(),
      id: ids.member,
      language: 'hu',
      company_role: 'buyer',
      order_limit: 5000000,
      monthly_limit: 20000000,
      address_id: ids.firstAddress,
      address_restricted: 1,
      current_address_allowed: 0,
      first_allowed_address_id: ids.secondAddress,
    });
    expect(await rowOf(ids.agent)).toEqual({
      id: ids.agent,
      role: 'agent',
      token_version: 0,
      is_disabled: 0,
      is_active: 1,
      must_change_password: 0,
      customer_id: null,
      language: 'vi',
      company_role: 'owner',
      order_limit: null,
      monthly_limit: null,
      address_id: ids.agentAddress,
      address_customer_id: ids.agentCustomer,
      address_active: 1,
      address_agent_user_id: ids.agent,
      address_price_group: 'B',
      address_discount_bp: 250,
      own_customer_id: null,
      own_price_group: null,
      own_discount_bp: null,
      address_own_assortment_id: null,
      address_group_assortment_id: ids.groupAssortment,
      own_assortment_id: null,
      own_group_assortment_id: null,
      first_address_id: null,
      address_restricted: 0,
      current_address_allowed: 0,
      first_allowed_address_id: null,
      ...settings,
    });
    expect(await rowOf(ids.owner)).toEqual(expectedOwner());
    expect(await rowOf(ids.agent + ids.owner + ids.member + 1000)).toBeUndefined();
  });

  it('runs as one statement through the handle given, a transaction and a counting handle too', async () => {
    const counting = countingHandle(testDb.handle);
    expect(await rowOf(ids.owner, counting.handle.db)).toEqual(expectedOwner());
    expect(counting.counter.queries).toBe(1);
    const seen = await testDb.handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ current_shipping_address_id: ids.firstAddress })
        .where('id', '=', ids.owner)
        .execute();
      const inside = await findUserWithCurrentAddress(trx, ids.owner);
      await trx
        .updateTable('users')
        .set({ current_shipping_address_id: ids.secondAddress })
        .where('id', '=', ids.owner)
        .execute();
      return inside?.address_id;
    });
    expect(seen).toBe(ids.firstAddress);
    expect(await rowOf(ids.owner)).toEqual(expectedOwner());
  });
});
