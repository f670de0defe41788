import { beforeAll, describe, expect, it } from 'vitest';
import { insertCustomerAccount, insertUser, nextIp } from '../../../test/account-fixtures';
import { auditRows, callAs, expectRefusedToOthers, adminWorld } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('admin customers and agents on %s', (dialect) => {
  let routeId: number;
  let paymentIds: number[];

  const w = adminWorld(dialect, { now: START, mail: true });

  beforeAll(async () => {
    routeId = (
      await w.testDb.handle.db
        .insertInto('delivery_routes')
        .values({ name: 'Szeged hétfő', weekdays: '1', route_time: '08:00-12:00' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    paymentIds = [];
    for (const [code, name] of [
      ['cash', 'Készpénz'],
      ['transfer', 'Átutalás'],
    ]) {
      paymentIds.push(
        (
          await w.testDb.handle.db
            .insertInto('payment_methods')
            .values({ code: code!, name: name! })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
  });

  async function shopLogin(email: string, password: string) {
    return w.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailorusername: email, password },
      remoteAddress: nextIp(),
    });
  }

  it('lists and searches customers and agents', async () => {
    const { user } = await insertCustomerAccount(w.testDb.handle, {
      customer: { name: 'Keresett Pékség Bt.' },
    });
    const res = await callAs(w.app, w.callers.staff, { method: 'GET', url: '/api/admin/customers?q=pékség' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { userId: number; customerName: string }[]; total: number };
    expect(body.items.map((i) => i.userId)).toEqual([user.id]);
    const agents = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/customers?kind=agent',
    });
    expect((agents.json() as { items: { role: string }[] }).items.every((i) => i.role === 'agent')).toBe(
      true,
    );
  });

  it('edits data, links an agent, sets price group, discount, payment methods and forced change, audited', async () => {
    const { user, customer } = await insertCustomerAccount(w.testDb.handle);
    const agent = await insertUser(w.testDb.handle, { role: 'agent', name: 'Új Üzletkötő' });
    const res = await callAs(w.app, w.callers.staff, {
      method: 'PATCH',
      url: `/api/admin/customers/${user.id}`,
      payload: {
        mustChangePassword: true,
        customer: {
          name: 'Átnevezett Kft.',
          agentUserId: agent.id,
          priceGroup: 'VIP',
          discountBp: 250,
          paymentMethodIds: [paymentIds[1]],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as { mustChangePassword: boolean; customer: Record<string, unknown> };
    expect(detail.mustChangePassword).toBe(true);
    expect(detail.customer).toMatchObject({
      name: 'Átnevezett Kft.',
      agentUserId: agent.id,
      priceGroup: 'VIP',
      discountBp: 250,
      paymentMethodIds: [paymentIds[1]],
    });
    const audit = await auditRows(w.testDb.handle, 'customer', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actor_user_id: w.callers.staffUser.id,
      before: {
        mustChangePassword: false,
        customer: { agentUserId: null, discountBp: 0, name: customer.name },
      },
      after: {
        mustChangePassword: true,
        customer: { agentUserId: agent.id, discountBp: 250, priceGroup: 'VIP' },
      },
    });
    // The agent now sees the customer as its own.
    const agentToken = ((await shopLogin(agent.email, agent.password)).json() as { access_token: string })
      .access_token;
    const extended = await callAs(w.app, agentToken, {
      method: 'GET',
      url: `/api/customers/${customer.id}/extended`,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    // The forced change is on: the shop answers reset: true.
    expect((await shopLogin(user.email, user.password)).json()).toMatchObject({ reset: true });
  });

  it('refuses a wrong agent, payment method or discount and changes nothing', async () => {
    const { user, customer } = await insertCustomerAccount(w.testDb.handle);
    const other = await insertCustomerAccount(w.testDb.handle);
    for (const [payload, code] of [
      [{ customer: { agentUserId: other.user.id } }, 'ERR_INVALID_AGENT'],
      [{ customer: { paymentMethodIds: [999999] } }, 'ERR_INVALID_PAYMENT_METHOD'],
      [{ customer: { discountBp: 10_001 } }, 'ERR_VALIDATION'],
      [{}, 'ERR_VALIDATION'],
    ] as const) {
      const res = await callAs(w.app, w.callers.staff, {
        method: 'PATCH',
        url: `/api/admin/customers/${user.id}`,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toBe(code);
    }
    const row = await w.testDb.handle.db
      .selectFrom('customers')
      .select(['agent_user_id', 'customer_discount_bp'])
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agent_user_id: null, customer_discount_bp: 0 });
    expect(await auditRows(w.testDb.handle, 'customer', user.id)).toEqual([]);
  });

  it('disabling an account stops its tokens at once', async () => {
    const { user } = await insertCustomerAccount(w.testDb.handle);
    const token = ((await shopLogin(user.email, user.password)).json() as { access_token: string })
      .access_token;
    expect((await callAs(w.app, token, { method: 'GET', url: '/api/users/get-user-data' })).statusCode).toBe(
      200,
    );
    const res = await callAs(w.app, w.callers.staff, {
      method: 'PATCH',
      url: `/api/admin/customers/${user.id}`,
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await callAs(w.app, token, { method: 'GET', url: '/api/users/get-user-data' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
    expect((await shopLogin(user.email, user.password)).json()).toEqual({ error: 'ERR_ACCOUNT_DISABLED' });
    expect((await auditRows(w.testDb.handle, 'customer', user.id)).map((r) => r.action)).toEqual(['disable']);
  });

  it('adds and changes shipping addresses with logistics cost and delivery route, only of that customer', async () => {
    const { user } = await insertCustomerAccount(w.testDb.handle);
    const other = await insertCustomerAccount(w.testDb.handle);
    const address = {
      zip: '6720',
      city: 'Szeged',
      aptSuite: 'Kárász utca 2.',
      country: 'Magyarország',
      countryCode: 'HU',
      logisticsCost: 250000,
      deliveryRouteId: routeId,
    };
    const created = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/customers/${user.id}/addresses`,
      payload: address,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: number }).id;
    const changed = await callAs(w.app, w.callers.staff, {
      method: 'PUT',
      url: `/api/admin/customers/${user.id}/addresses/${id}`,
      payload: { ...address, logisticsCost: 300000, deliveryRouteId: null },
    });
    expect(changed.json()).toMatchObject({ logisticsCost: 300000, deliveryRouteId: null });
    const foreign = await callAs(w.app, w.callers.staff, {
      method: 'PUT',
      url: `/api/admin/customers/${other.user.id}/addresses/${id}`,
      payload: address,
    });
    expect(foreign.json()).toEqual({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });
    const badRoute = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/customers/${user.id}/addresses`,
      payload: { ...address, deliveryRouteId: 999999 },
    });
    expect(badRoute.json()).toEqual({ error: 'ERR_INVALID_DELIVERY_ROUTE' });
    const audit = await auditRows(w.testDb.handle, 'shipping_address', id);
    expect(audit.map((r) => r.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ before: { logisticsCost: 250000 }, after: { logisticsCost: 300000 } });
  });

  it('creates a customer with a generated password: mailed, forced change at first login, audited', async () => {
    const email = `created-${Date.now()}@example.com`;
    const res = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: {
        role: 'customer',
        email,
        name: 'Kapcsolat Kata',
        phone: '+36 30 111 2222',
        language: 'en',
        customer: {
          name: 'Létrehozott Kft.',
          isCompany: true,
          taxNumber: '12345676-2-41',
          companyRegistrationNumber: '01-09-123456',
          billing: {
            country: 'Magyarország',
            countryCode: 'HU',
            zip: '1111',
            city: 'Budapest',
            aptSuite: 'Fő utca 1.',
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as { userId: number; customerId: number; mailSent: boolean };
    expect(created.mailSent).toBe(true);
    const mail = await w.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('An account has been created for you in the web shop');
    const password = /Password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const login = await shopLogin(email, password!);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ reset: true });
    const audit = await auditRows(w.testDb.handle, 'customer', created.userId);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).not.toContain(password!);
    const dup = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: '/api/admin/customers',
      payload: { role: 'agent', email, name: 'Dup', phone: '+36 30 111 2222' },
    });
    expect(dup.json()).toEqual({ error: 'ERR_DUP_EMAIL' });
  });

  it('asks a company for the registration and tax numbers with the registration rules', async () => {
    const company = (customer: Record<string, unknown>) =>
      callAs(w.app, w.callers.staff, {
        method: 'POST',
        url: '/api/admin/customers',
        payload: {
          role: 'customer',
          email: `company-${Date.now()}-${Math.random()}@example.com`,
          name: 'Cég Cecília',
          phone: '+36 30 111 3333',
          customer: {
            name: 'Szabály Kft.',
            isCompany: true,
            billing: { country: 'Magyarország', zip: '1111', city: 'Budapest', aptSuite: 'Fő utca 2.' },
            ...customer,
          },
        },
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ taxNumber: '12345676-2-41' }, 'body.customer.companyRegistrationNumber'],
      [{ companyRegistrationNumber: '01-09-654321' }, 'body.customer.taxNumber'],
      // Wrong check digit, wrong company-register format: the shop registration's rules.
      [{ taxNumber: '12345678-2-41', companyRegistrationNumber: '01-09-654321' }, 'body.customer.taxNumber'],
      [
        { taxNumber: '12345676-2-41', companyRegistrationNumber: '1-9-654321' },
        'body.customer.companyRegistrationNumber',
      ],
      // A private customer need not give them, but what is given must be valid.
      [{ isCompany: false, taxNumber: '1234' }, 'body.customer.taxNumber'],
    ];
    const before = await w.testDb.handle.db.selectFrom('customers').select('id').execute();
    for (const [customer, field] of cases) {
      const res = await company(customer);
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', params: { field } });
    }
    expect(await w.testDb.handle.db.selectFrom('customers').select('id').execute()).toHaveLength(
      before.length,
    );
    const privateOne = await company({ isCompany: false, name: 'Magán Mária' });
    expect(privateOne.statusCode, privateOne.body).toBe(200);
    const valid = await company({ taxNumber: '10773381-2-44', companyRegistrationNumber: '01-09-111111' });
    expect(valid.statusCode, valid.body).toBe(200);
    const taken = await company({ taxNumber: '10773381-2-44', companyRegistrationNumber: '01-09-999999' });
    expect(taken.json()).toEqual({ error: 'ERR_DUP_TAX_NUM' });
  });

  it('refuses every customers endpoint to w.callers without the permission, changing nothing', async () => {
    const { user } = await insertCustomerAccount(w.testDb.handle);
    const requests = [
      { method: 'GET' as const, url: '/api/admin/customers' },
      { method: 'GET' as const, url: `/api/admin/customers/${user.id}` },
      { method: 'PATCH' as const, url: `/api/admin/customers/${user.id}`, payload: { disabled: true } },
      {
        method: 'POST' as const,
        url: '/api/admin/customers',
        payload: { role: 'agent', email: 'evil@example.com', name: 'Evil', phone: '+36 30 111 2222' },
      },
      {
        method: 'POST' as const,
        url: `/api/admin/customers/${user.id}/addresses`,
        payload: {
          zip: '1',
          city: 'x',
          aptSuite: 'y',
          country: 'z',
          logisticsCost: 1,
          deliveryRouteId: null,
        },
      },
    ];
    for (const request of requests) {
      await expectRefusedToOthers(w.app, w.callers, 'customers', request);
    }
    const row = await w.testDb.handle.db
      .selectFrom('users')
      .select(['is_disabled'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.is_disabled).toBe(0);
    const evil = await w.testDb.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'evil@example.com')
      .execute();
    expect(evil).toEqual([]);
    expect(await auditRows(w.testDb.handle, 'customer', user.id)).toEqual([]);
  });
});
