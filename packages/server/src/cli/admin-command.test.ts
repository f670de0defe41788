import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCustomerAccount } from '../../test/account-fixtures';
import { testContext } from '../../test/test-config';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-db';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp';
import { AdminCommandError, runAdminCommand } from './admin-command';

const NOW = new Date('2026-03-05T10:00:00.000Z');

describe.each(TEST_DIALECTS)('admin command on %s', (dialect) => {
  let testDb: TestDatabase;
  let smtp: TestSmtp;
  let ctx: ReturnType<typeof testContext>;
  let output: string[];
  const io = { log: (message: string) => output.push(message) };

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    smtp = await startTestSmtp();
    ctx = testContext(testDb.handle, {
      mailer: smtp.mailer,
      now: NOW,
      config: { publicUrl: 'https://shop.example' },
    });
  });

  afterAll(async () => {
    await smtp.close();
    await testDb.drop();
  });

  beforeEach(() => {
    output = [];
    smtp.setFailing(false);
  });

  function userRow(id: number) {
    return testDb.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it('approves a confirmed registration and mails the customer in its language', async () => {
    const { user } = await insertCustomerAccount(testDb.handle, {
      isActive: false,
      emailVerified: true,
      language: 'hu',
      name: 'Tóth Ilona',
    });
    await runAdminCommand(ctx, ['approve', user.email.toUpperCase()], io);
    expect(output).toEqual([`${user.email} (user ${user.id}) approved; the approval mail was sent.`]);
    expect(await userRow(user.id)).toMatchObject({ is_active: 1, approved_at: NOW.toISOString() });
    const mail = smtp.lastMailTo(user.email);
    expect(mail.subject).toBe('Fiókját jóváhagytuk');
    expect(mail.text).toContain('Kedves Tóth Ilona!');
    expect(mail.text).toContain('https://shop.example/login');

    output = [];
    const mails = smtp.messages.length;
    await runAdminCommand(ctx, ['approve', user.email], io);
    expect(output[0]).toContain('was already approved; nothing changed');
    expect(smtp.messages.length).toBe(mails);
  });

  it('refuses to approve an unconfirmed e-mail address or an unknown one', async () => {
    const { user } = await insertCustomerAccount(testDb.handle, { isActive: false, emailVerified: false });
    await expect(runAdminCommand(ctx, ['approve', user.email], io)).rejects.toThrow(/ERR_EMAIL_NOT_VERIFIED/);
    expect(await userRow(user.id)).toMatchObject({ is_active: 0, approved_at: null });
    await expect(runAdminCommand(ctx, ['approve', 'nobody@example.com'], io)).rejects.toThrow(
      /no account with that e-mail address \(ERR_NO_USER_FOUND\)/,
    );
  });

  it('keeps the approval when the mail fails, says so, and leaves the mail in the outbox', async () => {
    const { user } = await insertCustomerAccount(testDb.handle, { isActive: false, emailVerified: true });
    smtp.setFailing(true);
    await runAdminCommand(ctx, ['approve', user.email], io);
    expect(output[0]).toContain('approved; the approval mail could not be sent yet; the shop retries it');
    expect((await userRow(user.id)).is_active).toBe(1);
    const row = await testDb.handle.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('target', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 1 });
  });

  it('rejects a registration with a reason: disabled, tokens revoked, mail sent', async () => {
    const { user } = await insertCustomerAccount(testDb.handle, {
      isActive: false,
      emailVerified: true,
      language: 'en',
    });
    await runAdminCommand(ctx, ['reject', user.email, 'Unknown', 'tax', 'number'], io);
    expect(output[0]).toContain('rejected (Unknown tax number); the rejection mail was sent.');
    expect(await userRow(user.id)).toMatchObject({
      is_active: 0,
      is_disabled: 1,
      rejected_at: NOW.toISOString(),
      rejection_reason: 'Unknown tax number',
      token_version: 1,
    });
    const mail = smtp.lastMailTo(user.email);
    expect(mail.subject).toBe('Your registration could not be approved');
    expect(mail.text).toContain('Reason: Unknown tax number');
  });

  it('lists the confirmed registrations waiting for approval', async () => {
    const waiting = await insertCustomerAccount(testDb.handle, {
      isActive: false,
      emailVerified: true,
      customer: { taxNumber: '10773381-2-44' },
    });
    const unconfirmed = await insertCustomerAccount(testDb.handle, { isActive: false, emailVerified: false });
    await runAdminCommand(ctx, ['pending'], io);
    expect(
      output.some((line) => line.startsWith(`${waiting.user.email}\t`) && line.includes('10773381-2-44')),
    ).toBe(true);
    expect(output.some((line) => line.includes(unconfirmed.user.email))).toBe(false);
    await runAdminCommand(ctx, ['approve', waiting.user.email], io);
    output = [];
    await runAdminCommand(ctx, ['pending'], io);
    expect(output.some((line) => line.includes(waiting.user.email))).toBe(false);
  });

  it('says so when nothing is waiting', async () => {
    const emptyDb = await createTestDatabase(dialect);
    try {
      await runAdminCommand({ ...ctx, database: emptyDb.handle }, ['pending'], io);
      expect(output).toEqual(['No confirmed registration is waiting for approval.']);
    } finally {
      await emptyDb.drop();
    }
  });

  it('explains its usage for a wrong command', async () => {
    await expect(runAdminCommand(ctx, [], io)).rejects.toThrow(AdminCommandError);
    await expect(runAdminCommand(ctx, ['frobnicate'], io)).rejects.toThrow(
      /Unknown admin command "frobnicate"/,
    );
    await expect(runAdminCommand(ctx, ['approve'], io)).rejects.toThrow(/approve takes one e-mail address/);
    await expect(runAdminCommand(ctx, ['approve', 'a@b.hu', 'extra'], io)).rejects.toThrow(
      /approve takes one/,
    );
    await expect(runAdminCommand(ctx, ['reject'], io)).rejects.toThrow(/reject takes an e-mail address/);
  });
});
