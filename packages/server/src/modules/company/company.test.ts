import type { InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  insertCustomerAccount,
  insertShippingAddress,
  insertUser,
  nextIp,
} from '../../../test/account-fixtures';
import { accessTokenOf } from '../../../test/test-app';
import { ACCOUNTS_PUBLIC_URL, useAccountsWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { linkIn } from '../../../test/test-smtp';
import { insertProduct, insertStaff } from '../cart/checkout-fixtures';

const START = new Date('2026-04-06T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('company users on %s', (dialect) => {
  const world = useAccountsWorld(dialect, START);

  function call(
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
    language?: string,
  ) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (language) headers['accept-language'] = language;
    return world.app.inject({
      method,
      url,
      headers,
      remoteAddress: nextIp(),
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  }

  async function login(email: string, password: string): Promise<string> {
    return accessTokenOf(
      await call('POST', '/api/auth/login', undefined, { emailorusername: email, password }),
    );
  }

  /** A company with its owner (logged in) and two shipping addresses. */
  async function company(name = 'Kft.') {
    const { customer, user } = await insertCustomerAccount(world.testDb.handle, {
      customer: { name: `Cég ${name}` },
    });
    const addressA = await insertShippingAddress(world.testDb.handle, customer.id, { city: 'Szeged' });
    const addressB = await insertShippingAddress(world.testDb.handle, customer.id, { city: 'Pécs' });
    const token = await login(user.email, user.password);
    return { customer, owner: user, token, addressA, addressB };
  }

  let emailCounter = 0;
  function newEmail(): string {
    emailCounter += 1;
    return `invited${emailCounter}-${dialect}-${Date.now()}@example.com`;
  }

  /** Invites, reads the mail from the SMTP server, accepts it and logs in. */
  async function inviteAndAccept(
    ownerToken: string,
    body: Record<string, unknown>,
    password = 'Uj-jelszo-123',
  ): Promise<{ userId: number; token: string; email: string }> {
    const email = (body.email as string | undefined) ?? newEmail();
    const res = await call('POST', '/api/company/users', ownerToken, { name: 'Meghívott', ...body, email });
    expect(res.statusCode, res.body).toBe(200);
    const userId = (res.json() as { user: { userId: number } }).user.userId;
    const mail = await world.smtp.waitFor((m) => m.to.includes(email));
    const link = linkIn(mail, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/invite/`);
    const code = link.slice(`${ACCOUNTS_PUBLIC_URL}/user/${userId}/invite/`.length);
    const accepted = await call('POST', `/api/users/${userId}/accept-invite/${code}`, undefined, {
      newPassword: password,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { userId, token: await login(email, password), email };
  }

  it('an owner invites a buyer with limits and addresses; the mail link sets the password, once', async () => {
    const c = await company('invite');
    const email = newEmail();
    const res = await call(
      'POST',
      '/api/company/users',
      c.token,
      {
        email: email.toUpperCase(),
        name: 'Kovács Bea',
        role: 'buyer',
        orderLimit: 50_000,
        monthlyLimit: 300_000,
        shippingAddressIds: [c.addressA],
      },
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    const invited = (res.json() as { user: { userId: number; status: string; email: string } }).user;
    expect(invited).toMatchObject({ status: 'invited', email, role: 'buyer', orderLimit: 50_000 });

    // Stored in minor units; inactive until accepted.
    const row = await world.testDb.handle.db
      .selectFrom('users')
      .select(['order_limit', 'monthly_limit', 'is_active', 'company_role', 'customer_id'])
      .where('id', '=', invited.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.order_limit)).toBe(5_000_000);
    expect(Number(row.monthly_limit)).toBe(30_000_000);
    expect(row).toMatchObject({ is_active: 0, company_role: 'buyer', customer_id: c.customer.id });

    const mail = await world.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('Cég invite');
    expect(mail.text).toContain('Kovács Bea');
    const link = linkIn(mail, `${ACCOUNTS_PUBLIC_URL}/user/${invited.userId}/invite/`);
    const code = link.split('/').pop() ?? '';

    // Not usable before accepting.
    const early = await call('POST', '/api/auth/login', undefined, {
      emailorusername: email,
      password: 'Uj-jelszo-123',
    });
    expect(early.statusCode).not.toBe(200);

    const accept = (c2: string) =>
      call('POST', `/api/users/${invited.userId}/accept-invite/${c2}`, undefined, {
        newPassword: 'Uj-jelszo-123',
      });
    expect((await accept(code.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')))).json()).toEqual({
      error: 'ERR_INVITE_LINK',
    });
    const ok = await accept(code);
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await accept(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'ERR_INVITE_LINK' });

    const token = await login(email, 'Uj-jelszo-123');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      id: c.customer.id,
      userId: invited.userId,
      isAgent: false,
      role: 'customer',
      companyRole: 'buyer',
    });
    expect(decodeJwt(c.token)).toMatchObject({ companyRole: 'owner' });

    const list = await call('GET', '/api/company/users', c.token);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as {
      users: { userId: number; status: string; shippingAddressIds: number[] }[];
      addresses: { shippingAddressId: number }[];
      activity: { action: string; userId: number; actorName: string | null }[];
    };
    expect(body.users.map((u) => u.userId)).toEqual([c.owner.id, invited.userId]);
    expect(body.users[1]).toMatchObject({ status: 'active', shippingAddressIds: [c.addressA] });
    expect(body.addresses.map((a) => a.shippingAddressId).sort()).toEqual([c.addressA, c.addressB].sort());
    expect(body.activity.map((a) => a.action)).toEqual(['accept_invite', 'invite']);
    expect(body.activity[1]).toMatchObject({ userId: invited.userId });
  });

  it('an invitation expires after 7 days; inviting the same person again sends a new link', async () => {
    const c = await company('expiry');
    const email = newEmail();
    const first = await call('POST', '/api/company/users', c.token, {
      email,
      name: 'Late',
      role: 'requester',
    });
    const userId = (first.json() as { user: { userId: number } }).user.userId;
    const firstLink = linkIn(
      await world.smtp.waitFor((m) => m.to.includes(email)),
      `${ACCOUNTS_PUBLIC_URL}/user/`,
    );
    world.ctx.clock.set(new Date(START.getTime() + 7 * DAY + 1000));
    const expired = await call(
      'POST',
      `/api/users/${userId}/accept-invite/${firstLink.split('/').pop()}`,
      undefined,
      {
        newPassword: 'Uj-jelszo-123',
      },
    );
    expect(expired.json()).toEqual({ error: 'ERR_INVITE_LINK' });

    // The owner's 12-hour token has expired meanwhile.
    const fresh = await login(c.owner.email, c.owner.password);
    const second = await call('POST', '/api/company/users', fresh, {
      email,
      name: 'Late',
      role: 'requester',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as { user: { userId: number } }).user.userId).toBe(userId);
    const secondMail = await world.smtp.waitFor(
      (m) => m.to.includes(email) && !m.text.includes(firstLink),
      20_000,
    );
    const secondLink = linkIn(secondMail, `${ACCOUNTS_PUBLIC_URL}/user/`);
    expect(world.smtp.mailsTo(email)).toHaveLength(2);
    expect(secondLink).not.toBe(firstLink);
    // The older link stopped working; the new one works.
    const old = await call(
      'POST',
      `/api/users/${userId}/accept-invite/${firstLink.split('/').pop()}`,
      undefined,
      {
        newPassword: 'Uj-jelszo-123',
      },
    );
    expect(old.json()).toEqual({ error: 'ERR_INVITE_LINK' });
    const ok = await call(
      'POST',
      `/api/users/${userId}/accept-invite/${secondLink.split('/').pop()}`,
      undefined,
      {
        newPassword: 'Uj-jelszo-123',
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an e-mail of another company, foreign addresses, and managing by any role but owner', async () => {
    const a = await company('refuse-a');
    const b = await company('refuse-b');
    const dup = await call('POST', '/api/company/users', a.token, {
      email: b.owner.email,
      name: 'X',
      role: 'buyer',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_DUP_EMAIL' });
    const foreign = await call('POST', '/api/company/users', a.token, {
      email: newEmail(),
      name: 'X',
      role: 'buyer',
      shippingAddressIds: [b.addressA],
    });
    expect(foreign.json()).toEqual({ error: 'ERR_INVALID_SHIPPING_ADDRESS_ID' });

    for (const role of ['approver', 'buyer', 'requester'] as const) {
      const member = await inviteAndAccept(a.token, { role });
      for (const [method, url, payload] of [
        ['GET', '/api/company/users', undefined],
        ['POST', '/api/company/users', { email: newEmail(), name: 'Y', role: 'buyer' }],
        ['PATCH', `/api/company/users/${a.owner.id}`, { role: 'buyer' }],
        ['DELETE', `/api/company/users/${a.owner.id}`, undefined],
      ] as const) {
        const res = await call(method, url, member.token, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'ERR_FORBIDDEN' });
      }
    }
    const users = await world.testDb.handle.db
      .selectFrom('users')
      .select(['company_role', 'removed_at'])
      .where('id', '=', a.owner.id)
      .executeTakeFirstOrThrow();
    expect(users).toEqual({ company_role: 'owner', removed_at: null });
  });

  it("never shows or changes another company's users", async () => {
    const a = await company('iso-a');
    const b = await company('iso-b');
    const member = await inviteAndAccept(a.token, { role: 'buyer' });
    const listB = (await call('GET', '/api/company/users', b.token)).json() as {
      users: { userId: number }[];
    };
    expect(listB.users.map((u) => u.userId)).toEqual([b.owner.id]);
    for (const [method, payload] of [
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/company/users/${member.userId}`, b.token, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND' });
    }
    expect((await call('GET', '/api/cart', member.token)).statusCode).toBe(200);
  });

  it('keeps the last owner: no demotion, disabling or removal until another owner exists', async () => {
    const c = await company('owner');
    for (const [method, payload] of [
      ['PATCH', { role: 'approver' }],
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/company/users/${c.owner.id}`, c.token, payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(409);
      expect(res.json()).toEqual({ error: 'ERR_LAST_OWNER' });
    }
    // An invited owner who has not accepted does not count.
    const pending = await call('POST', '/api/company/users', c.token, {
      email: newEmail(),
      name: 'P',
      role: 'owner',
    });
    expect(pending.statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/company/users/${c.owner.id}`, c.token, { role: 'buyer' })).json(),
    ).toEqual({
      error: 'ERR_LAST_OWNER',
    });

    const second = await inviteAndAccept(c.token, { role: 'owner' });
    const demoted = await call('PATCH', `/api/company/users/${c.owner.id}`, second.token, {
      role: 'approver',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The demoted owner's token stopped (its role changed).
    expect((await call('GET', '/api/company/users', c.token)).statusCode).toBe(401);
    // Now the second is the last owner.
    const self = await call('DELETE', `/api/company/users/${second.userId}`, second.token);
    expect(self.json()).toEqual({ error: 'ERR_LAST_OWNER' });
  });

  it('two owners demoting each other at the same moment leave one owner', async () => {
    const c = await company('race');
    const second = await inviteAndAccept(c.token, { role: 'owner' });
    const [one, two] = await Promise.all([
      call('PATCH', `/api/company/users/${second.userId}`, c.token, { role: 'buyer' }),
      call('PATCH', `/api/company/users/${c.owner.id}`, second.token, { role: 'buyer' }),
    ]);
    const codes = [one, two].map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    // The loser is refused: by the rule, or because its own token stopped with its demotion.
    expect([401, 409]).toContain(codes[1]);
    const owners = await world.testDb.handle.db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', c.customer.id)
      .where('company_role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it("disabling stops the user's token at once; enabling lets it log in again; removal frees nothing else", async () => {
    const c = await company('disable');
    const member = await inviteAndAccept(c.token, { role: 'buyer' }, 'Buyer-pass-1');
    expect((await call('GET', '/api/cart', member.token)).statusCode).toBe(200);
    const off = await call('PATCH', `/api/company/users/${member.userId}`, c.token, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as { user: { status: string } }).user.status).toBe('disabled');
    const refused = await call('GET', '/api/cart', member.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
    const loginRefused = await call('POST', '/api/auth/login', undefined, {
      emailorusername: member.email,
      password: 'Buyer-pass-1',
    });
    expect(loginRefused.json()).toMatchObject({ error: 'ERR_ACCOUNT_DISABLED' });

    const on = await call('PATCH', `/api/company/users/${member.userId}`, c.token, { disabled: false });
    expect((on.json() as { user: { status: string } }).user.status).toBe('active');
    const token = await login(member.email, 'Buyer-pass-1');
    expect((await call('GET', '/api/cart', token)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/company/users/${member.userId}`, c.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/cart', token)).statusCode).toBe(401);
    const list = (await call('GET', '/api/company/users', c.token)).json() as {
      users: { userId: number }[];
      activity: { action: string }[];
    };
    expect(list.users.map((u) => u.userId)).toEqual([c.owner.id]);
    expect(list.activity.map((a) => a.action).slice(0, 3)).toEqual(['remove', 'enable', 'disable']);
  });

  it('a user may use only the addresses allowed to it: the list, the choice and place-order', async () => {
    const c = await company('addresses');
    const member = await inviteAndAccept(c.token, { role: 'buyer' });
    // Chooses B while every address is allowed.
    const chose = await call('POST', '/api/shipping-addresses/set-current', member.token, {
      shippingAddressId: c.addressB,
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const limited = await call('PATCH', `/api/company/users/${member.userId}`, c.token, {
      shippingAddressIds: [c.addressA],
    });
    expect((limited.json() as { user: { shippingAddressIds: number[] } }).user.shippingAddressIds).toEqual([
      c.addressA,
    ]);

    const list = (await call('GET', '/api/shipping-addresses', member.token)).json() as {
      shippingAddressId: number;
    }[];
    expect(list.map((a) => a.shippingAddressId)).toEqual([c.addressA]);
    const placed = await call('POST', '/api/orders/place-order', member.token);
    expect(placed.json()).toEqual({ data: [{ error: 'ERR_ADDRESS_NOT_ALLOWED' }] });
    const choice = await call('POST', '/api/shipping-addresses/set-current', member.token, {
      shippingAddressId: c.addressB,
    });
    expect(choice.statusCode).toBe(403);
    expect(choice.json()).toEqual({ error: 'ERR_ADDRESS_NOT_ALLOWED' });
    const allowed = await call('POST', '/api/shipping-addresses/set-current', member.token, {
      shippingAddressId: c.addressA,
    });
    expect(allowed.statusCode).toBe(200);
    // With an allowed address place-order goes on to the cart (empty here).
    expect((await call('POST', '/api/orders/place-order', member.token)).json()).toEqual({
      data: [{ error: 'ERR_CART_EMPTY' }],
    });
    // The owner is not limited.
    const ownerList = (await call('GET', '/api/shipping-addresses', c.token)).json() as unknown[];
    expect(ownerList).toHaveLength(2);
  });

  it('each user has its own cart; order history: owners and approvers all (filter by user), buyers their own', async () => {
    const c = await company('history');
    const approver = await inviteAndAccept(c.token, { role: 'approver' });
    const buyer = await inviteAndAccept(c.token, { role: 'buyer' });
    const db = world.testDb.handle.db;
    let version = 0;
    async function order(userId: number): Promise<number> {
      version += 1;
      const cart = await db
        .insertInto('carts')
        .values({ user_id: userId, customer_id: c.customer.id, version })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('orders')
        .values({
          customer_id: c.customer.id,
          user_id: userId,
          agent_user_id: null,
          source_cart_id: cart.id,
          source_cart_version: version,
          shipping_method_code: 'delivery',
          shipping_method_name: 'Kiszállítás',
          payment_method_code: 'cash',
          payment_method_name: 'Készpénz',
          delivery_date: null,
          customer_name: c.customer.name,
          customer_email: c.customer.email,
          customer_tax_number: null,
          customer_company_registration_number: null,
          billing_country: 'Magyarország',
          billing_country_code: 'HU',
          billing_zip: '1111',
          billing_city: 'Budapest',
          billing_apt_suite: 'Fő utca 1.',
          shipping_address_id: c.addressA,
          shipping_country: 'Magyarország',
          shipping_country_code: 'HU',
          shipping_zip: '6720',
          shipping_city: 'Szeged',
          shipping_apt_suite: 'Kárász utca 1.',
          items_sum_gross: 100_00,
          items_sum_net: 78_74,
          items_count: 0,
          items_pieces: 0,
          items_weight: 0,
          erp_acknowledged_at: null,
          created_at: new Date(START.getTime() + version * 1000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const ownerOrder = await order(c.owner.id);
    const buyerOrder = await order(buyer.userId);
    const ids = async (token: string, query = '') => {
      const res = await call('GET', `/api/orders/history${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { orderId: number; placedByUserId: number; placedByName: string }[]).map(
        (o) => o.orderId,
      );
    };
    expect(await ids(c.token)).toEqual([buyerOrder, ownerOrder]);
    expect(await ids(approver.token)).toEqual([buyerOrder, ownerOrder]);
    expect(await ids(c.token, `?userId=${buyer.userId}`)).toEqual([buyerOrder]);
    expect(await ids(buyer.token)).toEqual([buyerOrder]);
    const other = await call('GET', `/api/orders/history?userId=${c.owner.id}`, buyer.token);
    expect(other.statusCode).toBe(403);
    const history = (await call('GET', '/api/orders/history', c.token)).json() as {
      placedByUserId: number;
      placedByName: string;
    }[];
    expect(history[0]).toMatchObject({ placedByUserId: buyer.userId, placedByName: 'Meghívott' });
    // A buyer does not order again what someone else ordered.
    expect((await call('POST', `/api/orders/${ownerOrder}/order-again`, buyer.token)).statusCode).toBe(404);

    // Carts are per user: what the owner puts into its cart is not in the buyer's.
    const product = await insertProduct(world.testDb.handle);
    const added = await call('POST', '/api/cart/set-product-quantity', c.token, {
      productSku: product.sku,
      quantity: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    const cartOf = async (token: string) =>
      (await call('GET', '/api/cart', token)).json() as { count: number; cartItemIds: string[] };
    expect((await cartOf(c.token)).cartItemIds).toEqual([product.sku]);
    expect((await cartOf(buyer.token)).cartItemIds).toEqual([]);
    expect((await cartOf(approver.token)).cartItemIds).toEqual([]);
  });

  it('staff list, invite and change the users of a customer from its page, audited with the staff member', async () => {
    const c = await company('staff');
    const staff = await insertStaff(world.ctx);
    const list = await call('GET', `/api/admin/customers/${c.owner.id}/company-users`, staff.token);
    expect(list.statusCode, list.body).toBe(200);
    const email = newEmail();
    const invited = await call('POST', `/api/admin/customers/${c.owner.id}/company-users`, staff.token, {
      email,
      name: 'Staff Invited',
      role: 'approver',
      language: 'zh',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const userId = (invited.json() as { user: { userId: number } }).user.userId;
    const mail = await world.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('邀请');
    const changed = await call(
      'PATCH',
      `/api/admin/customers/${c.owner.id}/company-users/${userId}`,
      staff.token,
      {
        orderLimit: 1000,
      },
    );
    expect((changed.json() as { user: { orderLimit: number } }).user.orderLimit).toBe(1000);
    const last = await call(
      'PATCH',
      `/api/admin/customers/${c.owner.id}/company-users/${c.owner.id}`,
      staff.token,
      {
        disabled: true,
      },
    );
    expect(last.json()).toEqual({ error: 'ERR_LAST_OWNER' });
    const activity = (
      (await call('GET', '/api/company/users', c.token)).json() as {
        activity: { action: string; byStaff: boolean; changes: Record<string, unknown> }[];
      }
    ).activity;
    expect(activity[0]).toMatchObject({ action: 'update', byStaff: true, changes: { orderLimit: 1000 } });
    expect(activity[1]).toMatchObject({ action: 'invite', byStaff: true });
    // A user of a customer the staff member names by an agent's id is refused.
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    const notCustomer = await call('GET', `/api/admin/customers/${agent.id}/company-users`, staff.token);
    expect(notCustomer.statusCode).toBe(404);
  });
});
