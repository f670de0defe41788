import { describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/account-fixtures';
import { auditRows, callAs, expectRefusedToOthers, adminWorld } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('admin staff accounts and audit log on %s', (dialect) => {
  const w = adminWorld(dialect, { now: START });

  const staffCount = async () =>
    Number(
      (
        await w.testDb.handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('role', 'in', ['admin', 'staff'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  function adminLogin(email: string, password: string) {
    return w.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email, password },
      remoteAddress: nextIp(),
    });
  }

  it('creates a staff account that can sign in to the back office, audited without the password', async () => {
    const res = await callAs(w.app, w.callers.admin, {
      method: 'POST',
      url: '/api/admin/staff',
      payload: {
        email: 'New.Staff@Example.com',
        name: 'Új Munkatárs',
        role: 'staff',
        password: 'Titok-123',
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json() as { userId: number; email: string; role: string };
    expect(account).toMatchObject({ email: 'new.staff@example.com', role: 'staff', isDisabled: false });
    const login = await adminLogin('new.staff@example.com', 'Titok-123');
    expect(login.statusCode).toBe(200);
    const audit = await auditRows(w.testDb.handle, 'staff', account.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_user_id: w.callers.adminUser.id, before: null });
    expect(JSON.stringify(audit[0]!.after)).not.toContain('Titok');
    const dup = await callAs(w.app, w.callers.admin, {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { email: 'new.staff@example.com', name: 'Again', role: 'admin', password: 'Titok-123' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_DUP_EMAIL' });
    const bad = await callAs(w.app, w.callers.admin, {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { email: 'x@example.com', name: 'X', role: 'customer', password: 'Titok-123' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists staff accounts, searchable', async () => {
    const res = await callAs(w.app, w.callers.admin, { method: 'GET', url: '/api/admin/staff?q=sára' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { userId: number }[]; total: number };
    expect(body.items.map((item) => item.userId)).toEqual([w.callers.staffUser.id]);
  });

  it('disabling stops the account at once; a role change and a new password are audited', async () => {
    const created = (
      await callAs(w.app, w.callers.admin, {
        method: 'POST',
        url: '/api/admin/staff',
        payload: { email: 'leaving@example.com', name: 'Távozó', role: 'staff', password: 'Titok-456' },
      })
    ).json() as { userId: number };
    const token = ((await adminLogin('leaving@example.com', 'Titok-456')).json() as { access_token: string })
      .access_token;
    expect((await callAs(w.app, token, { method: 'GET', url: '/api/admin/registrations' })).statusCode).toBe(
      200,
    );
    const promote = await callAs(w.app, w.callers.admin, {
      method: 'PATCH',
      url: `/api/admin/staff/${created.userId}`,
      payload: { role: 'admin' },
    });
    expect(promote.json()).toMatchObject({ role: 'admin' });
    const disable = await callAs(w.app, w.callers.admin, {
      method: 'PATCH',
      url: `/api/admin/staff/${created.userId}`,
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    const refused = await callAs(w.app, token, { method: 'GET', url: '/api/admin/registrations' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'ERR_TOKEN_REVOKED' });
    expect((await adminLogin('leaving@example.com', 'Titok-456')).json()).toEqual({
      error: 'ERR_ACCOUNT_DISABLED',
    });
    const audit = await auditRows(w.testDb.handle, 'staff', created.userId);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'disable']);
    expect(audit[1]).toMatchObject({ before: { role: 'staff' }, after: { role: 'admin' } });
    expect(audit[2]).toMatchObject({ before: { isDisabled: false }, after: { isDisabled: true } });
  });

  it('nobody disables or demotes themselves; a customer is not a staff account', async () => {
    for (const payload of [{ disabled: true }, { role: 'staff' }]) {
      const res = await callAs(w.app, w.callers.admin, {
        method: 'PATCH',
        url: `/api/admin/staff/${w.callers.adminUser.id}`,
        payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'ERR_CANNOT_CHANGE_OWN_ACCOUNT' });
    }
    const empty = await callAs(w.app, w.callers.admin, {
      method: 'PATCH',
      url: `/api/admin/staff/${w.callers.staffUser.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses staff endpoints to everybody but administrators, changing nothing', async () => {
    const before = await staffCount();
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/staff' },
      {
        method: 'POST' as const,
        url: '/api/admin/staff',
        payload: { email: 'sneaky@example.com', name: 'S', role: 'admin', password: 'Titok-789' },
      },
      {
        method: 'PATCH' as const,
        url: `/api/admin/staff/${w.callers.staffUser.id}`,
        payload: { role: 'admin' },
      },
      { method: 'GET' as const, url: '/api/admin/audit' },
    ]) {
      await expectRefusedToOthers(
        w.app,
        w.callers,
        request.url.includes('audit') ? 'audit' : 'staff',
        request,
      );
    }
    expect(await staffCount()).toBe(before);
    const staffRow = await w.testDb.handle.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', w.callers.staffUser.id)
      .executeTakeFirstOrThrow();
    expect(staffRow.role).toBe('staff');
  });

  it('shows the audit log newest first, filtered by entity, action, actor and dates', async () => {
    const all = await callAs(w.app, w.callers.admin, { method: 'GET', url: '/api/admin/audit?entity=staff' });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as {
      items: { action: string; actorName: string | null; at: string; before: unknown; after: unknown }[];
      total: number;
      entities: string[];
      actions: string[];
    };
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.entities).toContain('staff');
    expect(body.actions).toEqual(expect.arrayContaining(['create', 'disable', 'update']));
    expect(body.items[0]).toMatchObject({ action: 'disable', actorName: 'Admin Ádám' });
    const disables = await callAs(w.app, w.callers.admin, {
      method: 'GET',
      url: `/api/admin/audit?action=disable&actorUserId=${w.callers.adminUser.id}&from=2026-03-02&to=2026-03-02`,
    });
    expect((disables.json() as { total: number }).total).toBe(1);
    const later = await callAs(w.app, w.callers.admin, {
      method: 'GET',
      url: '/api/admin/audit?from=2026-03-03',
    });
    expect((later.json() as { total: number }).total).toBe(0);
    const bad = await callAs(w.app, w.callers.admin, {
      method: 'GET',
      url: '/api/admin/audit?from=yesterday',
    });
    expect(bad.statusCode).toBe(400);
  });
});
