import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertCustomer,
  insertCustomerAccount,
  insertShippingAddress,
  insertUser,
  nextIp,
  validTaxNumber,
} from '../../../test/account-fixtures';
import { accessTokenOf, startTestApp, stopTestApp } from '../../../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../../../test/test-db';

/** The billing address the account fixtures give every customer (its street number varies). */
const FIXTURE_BILLING_ADDRESS = {
  country: 'Magyarország',
  countryCode: 'HU',
  zip: '1111',
  city: 'Budapest',
  aptSuite: expect.stringMatching(/^Fő utca \d+\.$/) as unknown as string,
};

describe.each(TEST_DIALECTS)('extended customer data on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ testDb, app } = await startTestApp(dialect));
  });

  afterAll(() => stopTestApp(app, testDb));

  async function tokenOf(email: string, password: string): Promise<string> {
    return accessTokenOf(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailorusername: email, password },
        remoteAddress: nextIp(),
      }),
    );
  }

  function extended(customerId: number | string, token?: string): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}/extended`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  function expectForbidden(res: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_FORBIDDEN' });
  }

  it('gives a customer its own customerData', async () => {
    const tax = validTaxNumber(3_141_592);
    const { customer, user } = await insertCustomerAccount(testDb.handle, {
      customer: { name: 'Fehér Kft.', taxNumber: tax, companyRegistrationNumber: '05-09-314159' },
    });
    const res = await extended(customer.id, await tokenOf(user.email, user.password));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        customerData: {
          id: customer.id,
          name: 'Fehér Kft.',
          email: customer.email,
          phone: '+36 1 234 5678',
          isCompany: true,
          taxNumber: tax,
          companyRegistrationNumber: '05-09-314159',
          billingAddress: FIXTURE_BILLING_ADDRESS,
        },
      },
    });
  });

  it("refuses another customer's id, an unknown id and a missing token", async () => {
    const a = await insertCustomerAccount(testDb.handle);
    const b = await insertCustomerAccount(testDb.handle);
    const token = await tokenOf(a.user.email, a.user.password);
    expectForbidden(await extended(b.customer.id, token));
    expectForbidden(await extended(999_999, token));
    const anonymous = await extended(a.customer.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
    const bad = await extended('abc', token);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toBe('ERR_VALIDATION');
  });

  it('gives an agent its name and current shipping address with the customer, for its own customers only', async () => {
    const agent = await insertUser(testDb.handle, { role: 'agent', name: 'Szabó Gábor' });
    const tax = validTaxNumber(2_718_281);
    const own = await insertCustomer(testDb.handle, {
      name: 'Kék Bt.',
      agentUserId: agent.id,
      taxNumber: tax,
      companyRegistrationNumber: '06-06-271828',
    });
    const second = await insertCustomer(testDb.handle, { agentUserId: agent.id });
    const foreign = await insertCustomer(testDb.handle);
    const token = await tokenOf(agent.email, agent.password);

    // No current address chosen yet.
    const before = await extended(own.id, token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      data: { agentData: { name: 'Szabó Gábor', currentShippingAddress: null } },
    });

    const addressId = await insertShippingAddress(testDb.handle, own.id, {
      city: 'Debrecen',
      logisticsCost: 250000,
      note: 'Hátsó bejárat',
    });
    await testDb.handle.db
      .updateTable('users')
      .set({ current_shipping_address_id: addressId })
      .where('id', '=', agent.id)
      .execute();
    const expected = {
      data: {
        agentData: {
          name: 'Szabó Gábor',
          currentShippingAddress: {
            shippingAddressId: addressId,
            currentShippingAddress: true,
            zip: '6720',
            city: 'Debrecen',
            aptSuite: 'Kárász utca 1.',
            country: 'Magyarország',
            countryCode: 'HU',
            logisticsCost: 250000,
            note: 'Hátsó bejárat',
            customer: {
              name: 'Kék Bt.',
              email: own.email,
              taxNumber: tax,
              companyRegistrationNumber: '06-06-271828',
              billingAddress: FIXTURE_BILLING_ADDRESS,
            },
          },
        },
      },
    };
    expect((await extended(own.id, token)).json()).toEqual(expected);
    // Any of the agent's customers may be named; the answer is the agent's current address.
    expect((await extended(second.id, token)).json()).toEqual(expected);
    // A customer that is not the agent's is refused.
    expectForbidden(await extended(foreign.id, token));
    expectForbidden(await extended(999_999, token));

    // When the address's customer goes to another agent, the address is no longer shown.
    const other = await insertUser(testDb.handle, { role: 'agent' });
    await testDb.handle.db
      .updateTable('customers')
      .set({ agent_user_id: other.id })
      .where('id', '=', own.id)
      .execute();
    expectForbidden(await extended(own.id, token));
    expect((await extended(second.id, token)).json()).toEqual({
      data: { agentData: { name: 'Szabó Gábor', currentShippingAddress: null } },
    });
  });

  it("refuses a customer's token for an agent's customer, and a forced-change account entirely", async () => {
    const agent = await insertUser(testDb.handle, { role: 'agent' });
    const agentsCustomer = await insertCustomer(testDb.handle, { agentUserId: agent.id });
    const { user, customer } = await insertCustomerAccount(testDb.handle);
    const token = await tokenOf(user.email, user.password);
    expectForbidden(await extended(agentsCustomer.id, token));

    const forced = await insertCustomerAccount(testDb.handle, { mustChangePassword: true });
    const forcedToken = await tokenOf(forced.user.email, forced.user.password);
    const res = await extended(forced.customer.id, forcedToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_PASSWORD_CHANGE_REQUIRED' });
    expect((await extended(customer.id, token)).statusCode).toBe(200);
  });
});
