import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  companyRegistration,
  insertCustomerAccount,
  insertUser,
  nextIp,
  REGISTRATION_BILLING,
  validTaxNumber,
} from '../../../test/account-fixtures';
import { accessTokenOf, getFromNewIp } from '../../../test/test-app';
import { ACCOUNTS_PUBLIC_URL, useAccountsWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { linkIn } from '../../../test/test-smtp';
import { runAdminCommand } from '../../cli/admin-command';
import { LONG_TOKEN_SECONDS, SHORT_TOKEN_SECONDS } from '../../http/auth';
import { RATE_LIMITS } from '../../lib/rate-limit';
import { hashOneTimeCode } from './one-time-code';
import { uniqueViolationColumn } from './unique-violation';
import { wakeOutbox } from '../outbox/outbox.service';
import { insertRegistration } from './users.repository';

const START = new Date('2026-03-02T09:00:00.000Z');

describe.each(TEST_DIALECTS)('accounts on %s', (dialect) => {
  const world = useAccountsWorld(dialect, START);

  beforeEach(() => world.smtp.setFailing(false));

  function post(
    url: string,
    payload: unknown,
    options: { token?: string; language?: string; ip?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.language) headers['accept-language'] = options.language;
    return world.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: options.ip ?? nextIp(),
    });
  }

  const get = (url: string, token?: string) => getFromNewIp(world.app, url, token);

  /** Follows a link of a mail through the API: /user/... in the shop is /api/users/... on the server. */
  function apiPathOf(link: string): string {
    expect(link.startsWith(`${ACCOUNTS_PUBLIC_URL}/user/`)).toBe(true);
    return `/api/users/${link.slice(`${ACCOUNTS_PUBLIC_URL}/user/`.length)}`;
  }

  async function login(email: string, password: string, keepMeLoggedIn?: boolean) {
    return post('/api/auth/login', { emailorusername: email, password, keepMeLoggedIn });
  }

  async function tokenOf(email: string, password: string, keepMeLoggedIn?: boolean): Promise<string> {
    return accessTokenOf(await login(email, password, keepMeLoggedIn));
  }

  async function counts() {
    const users = await world.testDb.handle.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const customers = await world.testDb.handle.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { users: Number(users.n), customers: Number(customers.n) };
  }

  function userRow(email: string) {
    return world.testDb.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async function expectError(res: LightMyRequestResponse, status: number, error: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { error: string }).error).toBe(error);
  }

  /* ------------------------------------------------------------------ the whole path */

  it('registers a company, confirms it from the mail, waits for approval, logs in, and resets the password from the mail', async () => {
    const body = companyRegistration({ email: 'Beszerzes@Pelda-Kft.hu', language: 'en' });
    const before = world.smtp.messages.length;
    const res = await post('/api/users/register', body);
    expect(res.statusCode, res.body).toBe(200);
    const { userId, data } = res.json() as { data: boolean; userId: number };
    expect(data).toBe(true);

    const stored = await userRow('beszerzes@pelda-kft.hu');
    expect(stored).toMatchObject({
      id: userId,
      role: 'customer',
      is_active: 0,
      email_verified_at: null,
      language: 'en',
    });
    const customer = await world.testDb.handle.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', stored!.customer_id!)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      name: body.name,
      email: 'beszerzes@pelda-kft.hu',
      is_company: 1,
      tax_number: body.taxNumber,
      company_registration_number: body.companyRegistrationNumber,
      billing_city: 'Budapest',
      billing_country_code: 'HU',
    });

    // The confirmation mail arrived over SMTP, in English, with the link.
    const mail = await world.smtp.waitFor((m) => m.to.includes('beszerzes@pelda-kft.hu'));
    expect(world.smtp.messages.length).toBe(before + 1);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain(`Dear ${body.name as string},`);
    expect(mail.html).toContain('<a href="http://shop.test/user/');
    const link = linkIn(mail, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/verify/`);
    const code = link.split('/').pop()!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the code is stored, with a 7-day expiry.
    expect(stored!.email_verification_code_hash).toBe(hashOneTimeCode(code));
    expect(stored!.email_verification_code_hash).not.toContain(code);
    expect(stored!.email_verification_expires_at).toBe(
      new Date(START.getTime() + 7 * 86_400_000).toISOString(),
    );

    // Before the confirmation: not approved, e-mail not confirmed.
    expect((await login(body.email, body.password)).json()).toEqual({
      error: 'INACTIVE_USER',
      params: { emailVerified: false },
    });

    const verify = await get(apiPathOf(link));
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({ data: true });
    await expectError(await get(apiPathOf(link)), 409, 'ERR_ALREADY_VER');
    expect((await userRow(body.email))!.email_verified_at).toBe(START.toISOString());

    // Confirmed, but staff have not approved it yet.
    const waiting = await login(body.email, body.password);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toEqual({ error: 'INACTIVE_USER', params: { emailVerified: true } });

    // Staff approve with the command; the customer gets a mail in English.
    const output: string[] = [];
    await runAdminCommand(world.ctx, ['approve', 'beszerzes@pelda-kft.hu'], { log: (m) => output.push(m) });
    expect(output.join('\n')).toContain('approved; the approval mail was sent');
    const approval = await world.smtp.waitFor(
      (m) => m.to.includes('beszerzes@pelda-kft.hu') && m.subject.includes('approved'),
    );
    expect(approval.subject).toBe('Your account has been approved');
    expect(linkIn(approval, ACCOUNTS_PUBLIC_URL)).toBe(`${ACCOUNTS_PUBLIC_URL}/login`);

    const token = await tokenOf(body.email, body.password);
    expect(decodeJwt(token)).toMatchObject({ userId, id: customer.id, isAgent: false });
    const own = await get('/api/users/get-user-data', token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      email: 'beszerzes@pelda-kft.hu',
      phone: body.phone,
      taxNumber: body.taxNumber,
      companyRegistrationNumber: body.companyRegistrationNumber,
      name: body.name,
      isCompany: true,
      billing: REGISTRATION_BILLING,
    });

    // Forgot password: a reset mail with a one-hour, single-use link.
    const forgot = await post('/api/users/forgot-password', { email: 'BESZERZES@pelda-kft.hu' });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(forgot.json()).toEqual({ data: true });
    const resetMail = await world.smtp.waitFor(
      (m) => m.to.includes('beszerzes@pelda-kft.hu') && m.subject === 'Reset your password',
    );
    const resetLink = linkIn(resetMail, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/reset-password/`);
    const resetCode = resetLink.split('/').pop()!;
    const withCode = await userRow(body.email);
    expect(withCode!.reset_password_code_hash).toBe(hashOneTimeCode(resetCode));
    expect(withCode!.reset_password_expires_at).toBe(new Date(START.getTime() + 3_600_000).toISOString());

    const reset = await post(apiPathOf(resetLink), { newPassword: 'Uj-jelszo-456' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ data: true });
    await expectError(
      await post(apiPathOf(resetLink), { newPassword: 'Harmadik-789' }),
      400,
      'ERR_FORGOT_PASSWORD_LINK',
    );

    // The reset revoked the older token; the old password no longer works, the new one does.
    await expectError(await get('/api/users/get-user-data', token), 401, 'ERR_TOKEN_REVOKED');
    await expectError(await login(body.email, body.password), 401, 'ERR_WRONG_LOGIN_CRED');
    expect((await login(body.email, 'Uj-jelszo-456')).statusCode).toBe(200);
  });

  /* ------------------------------------------------------------------ registration */

  it('registers a person without company numbers, in the language of Accept-Language', async () => {
    const body = companyRegistration({
      isCompany: false,
      name: 'Nguyễn Văn An',
      companyRegistrationNumber: '',
      taxNumber: undefined,
      language: undefined,
    });
    const res = await post('/api/users/register', body, { language: 'vi-VN,vi;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    const user = await userRow(body.email);
    expect(user!.language).toBe('vi');
    const customer = await world.testDb.handle.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', user!.customer_id!)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ is_company: 0, tax_number: null, company_registration_number: null });
    const mail = await world.smtp.waitFor((m) => m.to.includes(body.email));
    expect(mail.subject).toBe('Xác nhận địa chỉ e-mail của bạn');
    expect(mail.text).toContain('Kính gửi Nguyễn Văn An,');
  });

  it('sends the confirmation mail in Hungarian and in Chinese too', async () => {
    for (const [language, subject] of [
      ['hu', 'Erősítse meg e-mail-címét'],
      ['zh', '请确认您的电子邮件地址'],
    ] as const) {
      const body = companyRegistration({ language });
      expect((await post('/api/users/register', body)).statusCode).toBe(200);
      const mail = await world.smtp.waitFor((m) => m.to.includes(body.email));
      expect(mail.subject).toBe(subject);
    }
  });

  it('refuses invalid registrations with 400 ERR_VALIDATION naming the field, and stores nothing', async () => {
    const before = await counts();
    const mailsBefore = world.smtp.messages.length;
    const cases: [Record<string, unknown>, string][] = [
      [companyRegistration({ taxNumber: '12345678-2-41' }), 'body.taxNumber'], // wrong check digit
      [companyRegistration({ taxNumber: '1234567-6-241' }), 'body.taxNumber'],
      [companyRegistration({ taxNumber: null }), 'body.taxNumber'], // required for a company
      [companyRegistration({ companyRegistrationNumber: '' }), 'body.companyRegistrationNumber'],
      [companyRegistration({ companyRegistrationNumber: '01-09-12345' }), 'body.companyRegistrationNumber'],
      [companyRegistration({ email: 'not-an-email' }), 'body.email'],
      [companyRegistration({ email: '' }), 'body.email'],
      [companyRegistration({ password: '12345' }), 'body.password'],
      [companyRegistration({ password: 'x'.repeat(129) }), 'body.password'],
      [companyRegistration({ phone: 'call me' }), 'body.phone'],
      [companyRegistration({ name: '   ' }), 'body.name'],
      [
        companyRegistration({ billing: { country: 'HU', zip: '1051', city: '', aptSuite: 'x' } }),
        'body.billing.city',
      ],
      [companyRegistration({ language: 'de' }), 'body.language'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/users/register', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const error = res.json() as { error: string; params: { field: string } };
      expect(error.error).toBe('ERR_VALIDATION');
      expect(error.params.field, JSON.stringify(body)).toBe(field);
    }
    // A person may give a tax number, but it is still checked.
    await expectError(
      await post(
        '/api/users/register',
        companyRegistration({
          isCompany: false,
          companyRegistrationNumber: null,
          taxNumber: '11111112-1-11',
        }),
      ),
      400,
      'ERR_VALIDATION',
    );
    expect(await counts()).toEqual(before);
    expect(world.smtp.messages.length).toBe(mailsBefore);
  });

  it('refuses duplicates with ERR_DUP_EMAIL, ERR_DUP_COMP_REG_NUM and ERR_DUP_TAX_NUM, storing nothing', async () => {
    const first = companyRegistration();
    expect((await post('/api/users/register', first)).statusCode).toBe(200);
    const before = await counts();
    await expectError(
      await post('/api/users/register', companyRegistration({ email: first.email.toUpperCase() })),
      409,
      'ERR_DUP_EMAIL',
    );
    await expectError(
      await post(
        '/api/users/register',
        companyRegistration({ companyRegistrationNumber: first.companyRegistrationNumber }),
      ),
      409,
      'ERR_DUP_COMP_REG_NUM',
    );
    await expectError(
      await post('/api/users/register', companyRegistration({ taxNumber: first.taxNumber })),
      409,
      'ERR_DUP_TAX_NUM',
    );
    expect(await counts()).toEqual(before);
  });

  it('maps the unique indexes to the duplicate codes when a concurrent registration slips past the checks', async () => {
    const base = {
      passwordHash: 'x',
      phone: '+36 1 111 1111',
      name: 'Race Kft.',
      isCompany: true,
      billing: { country: 'HU', countryCode: null, zip: '1', city: 'B', aptSuite: 'a' },
      language: 'hu',
      verificationCodeHash: 'h',
      verificationExpiresAt: START.toISOString(),
      now: START.toISOString(),
    };
    const tax = validTaxNumber(7_654_321);
    await insertRegistration(world.testDb.handle.db, {
      ...base,
      email: 'race1@example.com',
      companyRegistrationNumber: '02-09-000001',
      taxNumber: tax,
    });
    const before = await counts();
    const attempts = [
      {
        email: 'race1@example.com',
        companyRegistrationNumber: '02-09-000002',
        taxNumber: validTaxNumber(7_654_322),
        expected: 'email',
      },
      {
        email: 'race2@example.com',
        companyRegistrationNumber: '02-09-000001',
        taxNumber: validTaxNumber(7_654_323),
        expected: 'company_registration_number',
      },
      {
        email: 'race3@example.com',
        companyRegistrationNumber: '02-09-000003',
        taxNumber: tax,
        expected: 'tax_number',
      },
    ];
    for (const { expected, ...values } of attempts) {
      const error = await insertRegistration(world.testDb.handle.db, { ...base, ...values }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      expect(uniqueViolationColumn(error)).toBe(expected);
    }
    expect(uniqueViolationColumn(new Error('something else'))).toBeNull();
    // The transaction left no half registration behind.
    expect(await counts()).toEqual(before);
  });

  /** Runs `work` while the outbox table is away, so a mail cannot even be queued. */
  async function withoutOutbox(work: () => Promise<void>): Promise<void> {
    await sql`ALTER TABLE outbox RENAME TO outbox_away`.execute(world.testDb.handle.db);
    try {
      await work();
    } finally {
      await sql`ALTER TABLE outbox_away RENAME TO outbox`.execute(world.testDb.handle.db);
    }
  }

  function outboxRowsTo(email: string) {
    return world.testDb.handle.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('target', '=', email)
      .execute();
  }

  it('stores the registration while the mail server refuses mail and delivers the confirmation once it takes mail again', async () => {
    const body = companyRegistration();
    world.smtp.setFailing(true);
    const res = await post('/api/users/register', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(body.email)).toMatchObject({ is_active: 0, email_verified_at: null });
    // The first attempt is made at once, refused, and scheduled again.
    await expect
      .poll(() => outboxRowsTo(body.email))
      .toEqual([{ status: 'pending', attempts: 1, last_error: expect.stringContaining('550') }]);
    expect(world.smtp.mailsTo(body.email)).toEqual([]);
    world.smtp.setFailing(false);
    // The next attempt is due within the first backoff window.
    world.ctx.clock.advance(world.ctx.config.outbox.retryStartMs);
    wakeOutbox(world.ctx);
    const mail = await world.smtp.waitFor((m) => m.to.includes(body.email));
    const { userId } = res.json() as { userId: number };
    expect(
      (await get(apiPathOf(linkIn(mail, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/verify/`)))).statusCode,
    ).toBe(200);
    await expect.poll(async () => (await outboxRowsTo(body.email))[0]?.status).toBe('sent');
  });

  it('answers ERR_SEND_REG_VER_EMAIL when the mail cannot even be queued, and stores nothing', async () => {
    const body = companyRegistration();
    const before = await counts();
    await withoutOutbox(async () => {
      await expectError(await post('/api/users/register', body), 502, 'ERR_SEND_REG_VER_EMAIL');
    });
    expect(await counts()).toEqual(before);
    expect(await userRow(body.email)).toBeUndefined();
    // Once the outbox is back the same person can register.
    expect((await post('/api/users/register', body)).statusCode).toBe(200);
  });

  it('sends the confirmation again on request, with a new link that replaces the older one', async () => {
    const body = companyRegistration({ language: 'en' });
    const { userId } = (await post('/api/users/register', body)).json() as { userId: number };
    const first = linkIn(
      await world.smtp.waitFor((m) => m.to.includes(body.email)),
      `${ACCOUNTS_PUBLIC_URL}/user/${userId}/verify/`,
    );
    expect(
      (await post('/api/users/resend-verification', { email: body.email.toUpperCase() })).statusCode,
    ).toBe(200);
    await world.smtp.waitFor(() => world.smtp.mailsTo(body.email).length === 2);
    const second = world.smtp.lastMailTo(body.email);
    expect(second.subject).toBe(world.smtp.mailsTo(body.email)[0]!.subject);
    expect(second.headers['message-id']).not.toBe(world.smtp.mailsTo(body.email)[0]!.headers['message-id']);
    const secondLink = linkIn(second, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/verify/`);
    expect(secondLink).not.toBe(first);
    await expectError(await get(apiPathOf(first)), 400, 'ERR_VERIFY_LINK');
    expect((await get(apiPathOf(secondLink))).statusCode).toBe(200);
    await expectError(
      await post('/api/users/resend-verification', { email: body.email }),
      409,
      'ERR_ALREADY_VER',
    );
  });

  it('refuses to resend a confirmation for an unknown, a staff or a rejected account, or when the mail cannot be queued', async () => {
    await expectError(
      await post('/api/users/resend-verification', { email: 'nobody@example.com' }),
      404,
      'ERR_NO_USER_FOUND',
    );
    await expectError(
      await post('/api/users/resend-verification', { email: 'not-an-address' }),
      400,
      'ERR_VALIDATION',
    );
    const staff = await insertUser(world.testDb.handle, { role: 'admin' });
    await expectError(
      await post('/api/users/resend-verification', { email: staff.email }),
      404,
      'ERR_NO_USER_FOUND',
    );
    const rejected = await insertCustomerAccount(world.testDb.handle, {
      isActive: false,
      emailVerified: false,
      isDisabled: true,
    });
    await expectError(
      await post('/api/users/resend-verification', { email: rejected.user.email }),
      403,
      'ERR_ACCOUNT_DISABLED',
    );
    const waiting = await insertCustomerAccount(world.testDb.handle, {
      isActive: false,
      emailVerified: false,
    });
    const before = await userRow(waiting.user.email);
    await withoutOutbox(async () => {
      await expectError(
        await post('/api/users/resend-verification', { email: waiting.user.email }),
        502,
        'ERR_SEND_REG_VER_EMAIL',
      );
    });
    expect((await userRow(waiting.user.email))?.email_verification_code_hash).toBe(
      before?.email_verification_code_hash,
    );
  });

  it('answers ERR_CREATE_USER when the database refuses the insert, with nothing half-created', async () => {
    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON users WHEN NEW.email LIKE 'boom%' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(
        world.testDb.handle.db,
      );
    } else {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.email LIKE 'boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        world.testDb.handle.db,
      );
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
        world.testDb.handle.db,
      );
    }
    try {
      const before = await counts();
      const mails = world.smtp.messages.length;
      const body = companyRegistration({ email: 'boom@example.com' });
      await expectError(await post('/api/users/register', body), 500, 'ERR_CREATE_USER');
      // The customer inserted first in the same transaction was rolled back too.
      expect(await counts()).toEqual(before);
      expect(world.smtp.messages.length).toBe(mails);
    } finally {
      await sql`DROP TRIGGER refuse_boom${sql.raw(dialect === 'postgres' ? ' ON users' : '')}`.execute(
        world.testDb.handle.db,
      );
    }
  });

  it(`limits registrations to ${RATE_LIMITS.registration.max} an hour per IP with 429 ERR_RATE_LIMITED`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.registration.max; i += 1) {
      expect((await post('/api/users/register', { email: 'x' }, { ip })).statusCode).toBe(400);
    }
    await expectError(
      await post('/api/users/register', companyRegistration(), { ip }),
      429,
      'ERR_RATE_LIMITED',
    );
  });

  /* ------------------------------------------------------------------ verification */

  it('refuses a wrong, expired or malformed confirmation link', async () => {
    const body = companyRegistration();
    const { userId } = (await post('/api/users/register', body)).json() as { userId: number };
    const link = linkIn(
      await world.smtp.waitFor((m) => m.to.includes(body.email)),
      `${ACCOUNTS_PUBLIC_URL}/user/`,
    );
    const wrongCode = 'A'.repeat(43);
    await expectError(await get(`/api/users/${userId}/verify/${wrongCode}`), 400, 'ERR_VERIFY_LINK');
    await expectError(await get(`/api/users/999999/verify/${wrongCode}`), 400, 'ERR_VERIFY_LINK');
    await expectError(await get(`/api/users/${userId}/verify/short`), 400, 'ERR_VALIDATION');
    await expectError(await get(`/api/users/abc/verify/${wrongCode}`), 400, 'ERR_VALIDATION');
    // Seven days later the right link has expired.
    world.ctx.clock.set(new Date(START.getTime() + 7 * 86_400_000 + 1000));
    await expectError(await get(apiPathOf(link)), 400, 'ERR_VERIFY_LINK');
    world.ctx.clock.set(new Date(START.getTime() + 7 * 86_400_000 - 1000));
    expect((await get(apiPathOf(link))).statusCode).toBe(200);
  });

  /* ------------------------------------------------------------------ forgot and reset password */

  it('answers ERR_NO_USER_FOUND for an unknown e-mail and refuses agents and administrators', async () => {
    await expectError(
      await post('/api/users/forgot-password', { email: 'nobody@example.com' }),
      404,
      'ERR_NO_USER_FOUND',
    );
    await expectError(await post('/api/users/forgot-password', { email: 'nonsense' }), 400, 'ERR_VALIDATION');
    await expectError(await post('/api/users/forgot-password', {}), 400, 'ERR_VALIDATION');
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    await expectError(
      await post('/api/users/forgot-password', { email: agent.email }),
      403,
      'ERR_AGENT_CANNOT_CHANGE_PASSWORD',
    );
    const admin = await insertUser(world.testDb.handle, { role: 'admin' });
    await expectError(
      await post('/api/users/forgot-password', { email: admin.email }),
      403,
      'ERR_ADMIN_CANNOT_LOGIN',
    );
    const disabled = await insertCustomerAccount(world.testDb.handle, { isDisabled: true });
    await expectError(
      await post('/api/users/forgot-password', { email: disabled.user.email }),
      403,
      'ERR_ACCOUNT_DISABLED',
    );
  });

  it('answers ERR_NO_MAIL_SENT when the reset mail cannot be queued, and keeps no usable code', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle);
    await withoutOutbox(async () => {
      await expectError(
        await post('/api/users/forgot-password', { email: user.email }),
        502,
        'ERR_NO_MAIL_SENT',
      );
    });
    const row = await userRow(user.email);
    expect(row!.reset_password_code_hash).toBeNull();
  });

  it('refuses a wrong, expired, replaced or used reset link with ERR_FORGOT_PASSWORD_LINK', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle, { language: 'zh' });
    const requestLink = async () => {
      const count = world.smtp.mailsTo(user.email).length;
      expect((await post('/api/users/forgot-password', { email: user.email })).statusCode).toBe(200);
      // The outbox delivers it right after the commit.
      await world.smtp.waitFor(() => world.smtp.mailsTo(user.email).length === count + 1);
      const mail = world.smtp.lastMailTo(user.email);
      expect(mail.subject).toBe('重置您的密码');
      return apiPathOf(linkIn(mail, `${ACCOUNTS_PUBLIC_URL}/user/${user.id}/reset-password/`));
    };
    const first = await requestLink();
    await expectError(
      await post(`/api/users/${user.id}/reset-password/${'B'.repeat(43)}`, { newPassword: 'Valid-pw-1' }),
      400,
      'ERR_FORGOT_PASSWORD_LINK',
    );
    await expectError(
      await post(`/api/users/${user.id + 1000}/reset-password/${'B'.repeat(43)}`, {
        newPassword: 'Valid-pw-1',
      }),
      400,
      'ERR_FORGOT_PASSWORD_LINK',
    );
    // A new request replaces the older link.
    const second = await requestLink();
    await expectError(await post(first, { newPassword: 'Valid-pw-1' }), 400, 'ERR_FORGOT_PASSWORD_LINK');
    // The new password must follow the rules; a refused one does not use the link up.
    await expectError(await post(second, { newPassword: '12345' }), 400, 'ERR_VALIDATION');
    await expectError(await post(second, { newPassword: 'y'.repeat(129) }), 400, 'ERR_VALIDATION');
    // An hour later the link has expired.
    world.ctx.clock.set(new Date(START.getTime() + 3_600_000 + 1000));
    await expectError(await post(second, { newPassword: 'Valid-pw-1' }), 400, 'ERR_FORGOT_PASSWORD_LINK');
    world.ctx.clock.set(new Date(START.getTime() + 3_600_000 - 1000));
    expect((await post(second, { newPassword: 'Valid-pw-1' })).statusCode).toBe(200);
    await expectError(await post(second, { newPassword: 'Valid-pw-2' }), 400, 'ERR_FORGOT_PASSWORD_LINK');
  });

  it('ends a forced change and a lockout with a reset', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle, { mustChangePassword: true });
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password');
    await expectError(await login(user.email, user.password), 423, 'ERR_ACCOUNT_LOCKED');
    expect((await post('/api/users/forgot-password', { email: user.email })).statusCode).toBe(200);
    const link = linkIn(
      await world.smtp.waitFor((m) => m.to.includes(user.email)),
      `${ACCOUNTS_PUBLIC_URL}/user/`,
    );
    expect((await post(apiPathOf(link), { newPassword: 'After-reset-1' })).statusCode).toBe(200);
    const res = await login(user.email, 'After-reset-1');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { reset?: boolean }).reset).toBeUndefined();
    const row = await userRow(user.email);
    expect(row).toMatchObject({
      must_change_password: 0,
      locked_until: null,
      failed_login_count: 0,
      token_version: 1,
    });
  });

  it('confirms the e-mail address of an unconfirmed registration through a reset, so an expired confirmation link is no dead end', async () => {
    const body = companyRegistration();
    const { userId } = (await post('/api/users/register', body)).json() as { userId: number };
    const verifyMail = await world.smtp.waitFor((m) => m.to.includes(body.email));
    world.ctx.clock.set(new Date(START.getTime() + 8 * 86_400_000));
    const verifyLink = linkIn(verifyMail, `${ACCOUNTS_PUBLIC_URL}/user/${userId}/verify/`);
    await expectError(await get(apiPathOf(verifyLink)), 400, 'ERR_VERIFY_LINK');
    expect((await post('/api/users/forgot-password', { email: body.email })).statusCode).toBe(200);
    await world.smtp.waitFor(() => world.smtp.mailsTo(body.email).length === 2);
    const resetLink = linkIn(
      world.smtp.lastMailTo(body.email),
      `${ACCOUNTS_PUBLIC_URL}/user/${userId}/reset-password/`,
    );
    expect((await post(apiPathOf(resetLink), { newPassword: 'Fresh-pw-1' })).statusCode).toBe(200);
    expect(await userRow(body.email)).toMatchObject({
      email_verified_at: new Date(START.getTime() + 8 * 86_400_000).toISOString(),
      email_verification_code_hash: null,
      is_active: 0,
    });
    expect((await login(body.email, 'Fresh-pw-1')).json()).toEqual({
      error: 'INACTIVE_USER',
      params: { emailVerified: true },
    });
  });

  it(`limits password mails to ${RATE_LIMITS.passwordMail.max} per IP with 429 ERR_RATE_LIMITED`, async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.passwordMail.max; i += 1) {
      await expectError(
        await post('/api/users/forgot-password', { email: `nobody${i}@example.com` }, { ip }),
        404,
        'ERR_NO_USER_FOUND',
      );
    }
    await expectError(
      await post('/api/users/forgot-password', { email: 'nobody@example.com' }, { ip }),
      429,
      'ERR_RATE_LIMITED',
    );
  });

  /* ------------------------------------------------------------------ change password */

  it('changes the password of a signed-in customer and answers a fresh token of the same lifetime', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle);
    const long = await tokenOf(user.email, user.password, true);
    await expectError(
      await post('/api/users/change-password', { password: '12345' }, { token: long }),
      400,
      'ERR_VALIDATION',
    );
    await expectError(await post('/api/users/change-password', {}, { token: long }), 400, 'ERR_VALIDATION');
    await expectError(
      await post('/api/users/change-password', { password: 'Valid-pw-1' }),
      401,
      'ERR_UNAUTHORIZED',
    );
    const res = await post('/api/users/change-password', { password: 'Changed-pw-1' }, { token: long });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: boolean; access_token: string };
    expect(body.data).toBe(true);
    const claims = decodeJwt(body.access_token);
    expect(claims.exp! - claims.iat!).toBe(LONG_TOKEN_SECONDS);
    await expectError(await get('/api/auth/me', long), 401, 'ERR_TOKEN_REVOKED');

    const short = await tokenOf(user.email, 'Changed-pw-1');
    const again = await post('/api/users/change-password', { password: 'Changed-pw-2' }, { token: short });
    const shortClaims = decodeJwt((again.json() as { access_token: string }).access_token);
    expect(shortClaims.exp! - shortClaims.iat!).toBe(SHORT_TOKEN_SECONDS);
    expect(shortClaims.tv).toBe(2);
  });

  it('lets a forced-change account change its password, which unlocks the shop without logging in again', async () => {
    const { user } = await insertCustomerAccount(world.testDb.handle, { mustChangePassword: true });
    const loginRes = await login(user.email, user.password);
    const { access_token: forced, reset } = loginRes.json() as { access_token: string; reset?: boolean };
    expect(reset).toBe(true);
    await expectError(await get('/api/users/get-user-data', forced), 403, 'ERR_PASSWORD_CHANGE_REQUIRED');
    const res = await post('/api/users/change-password', { password: 'My-own-pw-1' }, { token: forced });
    expect(res.statusCode, res.body).toBe(200);
    const { access_token: fresh } = res.json() as { access_token: string };
    expect((await get('/api/users/get-user-data', fresh)).statusCode).toBe(200);
    await expectError(await get('/api/users/get-user-data', forced), 401, 'ERR_TOKEN_REVOKED');
    expect((await login(user.email, 'My-own-pw-1')).json()).not.toHaveProperty('reset');
  });

  it('refuses agents with ERR_AGENT_CANNOT_CHANGE_PASSWORD', async () => {
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    const token = await tokenOf(agent.email, agent.password);
    await expectError(
      await post('/api/users/change-password', { password: 'Agent-new-1' }, { token }),
      403,
      'ERR_AGENT_CANNOT_CHANGE_PASSWORD',
    );
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
  });

  /* ------------------------------------------------------------------ own data */

  it('gives a customer its own data and refuses agents with ERR_FORBIDDEN', async () => {
    const { user, customer } = await insertCustomerAccount(world.testDb.handle, {
      customer: { taxNumber: validTaxNumber(4_242_424), companyRegistrationNumber: '13-09-424242' },
    });
    const token = await tokenOf(user.email, user.password);
    const res = await get('/api/users/get-user-data', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: customer.email,
      name: customer.name,
      taxNumber: customer.taxNumber,
      companyRegistrationNumber: '13-09-424242',
      isCompany: true,
    });
    const agent = await insertUser(world.testDb.handle, { role: 'agent' });
    await expectError(
      await get('/api/users/get-user-data', await tokenOf(agent.email, agent.password)),
      403,
      'ERR_FORBIDDEN',
    );
    await expectError(await get('/api/users/get-user-data'), 401, 'ERR_UNAUTHORIZED');
  });
});
