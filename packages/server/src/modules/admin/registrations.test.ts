import { describe, expect, it } from 'vitest';
import { insertCustomerAccount } from '../../../test/account-fixtures';
import { auditRows, callAs, expectRefusedToOthers, adminWorld } from '../../../test/admin-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('admin registrations on %s', (dialect) => {
  const w = adminWorld(dialect, { now: START, mail: true });

  function pendingAccount(values: { emailVerified?: boolean; name?: string; language?: string } = {}) {
    return insertCustomerAccount(w.testDb.handle, {
      isActive: false,
      emailVerified: values.emailVerified ?? true,
      language: values.language ?? 'en',
      customer: { name: values.name ?? `Pending ${Math.random().toString(36).slice(2, 8)} Kft.` },
    });
  }

  function userState(id: number) {
    return w.testDb.handle.db
      .selectFrom('users')
      .select(['is_active', 'is_disabled', 'approved_at', 'rejected_at', 'rejection_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('lists confirmed registrations waiting for approval, searchable, and unverified ones apart', async () => {
    const waiting = await pendingAccount({ name: 'Várakozó Zöldség Kft.' });
    const unverified = await pendingAccount({ emailVerified: false });
    const res = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/registrations?pageSize=100',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { userId: number; name: string }[]; total: number };
    expect(body.items.map((item) => item.userId)).toContain(waiting.user.id);
    expect(body.items.map((item) => item.userId)).not.toContain(unverified.user.id);
    const search = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: `/api/admin/registrations?q=${encodeURIComponent('zöldség')}`,
    });
    expect((search.json() as { items: { userId: number }[] }).items.map((i) => i.userId)).toEqual([
      waiting.user.id,
    ]);
    const other = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/registrations?status=unverified',
    });
    expect((other.json() as { items: { userId: number }[] }).items.map((i) => i.userId)).toContain(
      unverified.user.id,
    );
    const bad = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/registrations?status=nope',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toBe('ERR_VALIDATION');
  });

  it('approves: the account becomes active, the customer gets the approval mail, the audit log has it', async () => {
    const { user } = await pendingAccount();
    const res = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/registrations/${user.id}/approve`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      userId: user.id,
      email: user.email,
      alreadyApproved: false,
      mailSent: true,
    });
    expect(await userState(user.id)).toMatchObject({
      is_active: 1,
      is_disabled: 0,
      approved_at: START.toISOString(),
    });
    const mail = await w.smtp.waitFor((m) => m.to.includes(user.email.toLowerCase()));
    expect(mail.subject).toBe('Your account has been approved');
    expect(mail.text).toContain('http://shop.test/login');
    const audit = await auditRows(w.testDb.handle, 'user', user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: w.callers.staffUser.id,
      action: 'approve',
      before: { isActive: false, isDisabled: false },
      after: { isActive: true, isDisabled: false },
    });
    // The customer can now log in to the shop.
    const login = await w.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailorusername: user.email, password: user.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    // A second approval changes nothing and sends no mail.
    const again = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/registrations/${user.id}/approve`,
    });
    expect(again.json()).toMatchObject({ alreadyApproved: true, mailSent: false });
    expect(w.smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it('refuses to approve an unconfirmed e-mail address or a non-customer account', async () => {
    const { user } = await pendingAccount({ emailVerified: false });
    const res = await callAs(w.app, w.callers.admin, {
      method: 'POST',
      url: `/api/admin/registrations/${user.id}/approve`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_EMAIL_NOT_VERIFIED' });
    expect(await userState(user.id)).toMatchObject({ is_active: 0 });
    const staffAccount = await callAs(w.app, w.callers.admin, {
      method: 'POST',
      url: `/api/admin/registrations/${w.callers.staffUser.id}/approve`,
    });
    expect(staffAccount.statusCode).toBe(404);
    expect(staffAccount.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await auditRows(w.testDb.handle, 'user', user.id)).length).toBe(0);
  });

  it('rejects with a reason: the account is disabled, the person gets a mail with the reason, audited', async () => {
    const { user } = await pendingAccount({ language: 'hu' });
    const missing = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/registrations/${user.id}/reject`,
      payload: { reason: '   ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(await userState(user.id)).toMatchObject({ is_disabled: 0, rejected_at: null });
    const res = await callAs(w.app, w.callers.staff, {
      method: 'POST',
      url: `/api/admin/registrations/${user.id}/reject`,
      payload: { reason: 'Hiányzó adószám' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userState(user.id)).toMatchObject({
      is_active: 0,
      is_disabled: 1,
      rejected_at: START.toISOString(),
      rejection_reason: 'Hiányzó adószám',
    });
    const mail = await w.smtp.waitFor((m) => m.to.includes(user.email.toLowerCase()));
    expect(mail.subject).toBe('Regisztrációját nem tudtuk jóváhagyni');
    expect(mail.text).toContain('Hiányzó adószám');
    const audit = await auditRows(w.testDb.handle, 'user', user.id);
    expect(audit.map((row) => row.action)).toEqual(['reject']);
    const rejected = await callAs(w.app, w.callers.staff, {
      method: 'GET',
      url: '/api/admin/registrations?status=rejected',
    });
    expect((rejected.json() as { items: { userId: number }[] }).items.map((i) => i.userId)).toContain(
      user.id,
    );
  });

  it('refuses every registrations endpoint to w.callers without the permission, changing nothing', async () => {
    const { user } = await pendingAccount();
    const before = await userState(user.id);
    const mailsBefore = w.smtp.messages.length;
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/registrations' },
      { method: 'POST' as const, url: `/api/admin/registrations/${user.id}/approve` },
      {
        method: 'POST' as const,
        url: `/api/admin/registrations/${user.id}/reject`,
        payload: { reason: 'x' },
      },
    ]) {
      await expectRefusedToOthers(w.app, w.callers, 'registrations', request, async () => {
        expect(await userState(user.id)).toEqual(before);
      });
    }
    expect(w.smtp.messages.length).toBe(mailsBefore);
    expect(await auditRows(w.testDb.handle, 'user', user.id)).toEqual([]);
  });
});
