import type { FastifyBaseLogger } from 'fastify';
import type { RegisterData, UserData } from '@shop/shared/contracts/users';
import { isLanguage, type Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { Kysely } from 'kysely';
import type { ErrorCode } from '@shop/shared/errors/error-codes';
import type { Database, UserRow } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import type { Auth, AuthUser } from '../../http/auth';
import { renderMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/password';
import {
  codeHolds,
  createOneTimeCode,
  hashOneTimeCode,
  RESET_CODE_TTL_MS,
  VERIFICATION_CODE_TTL_MS,
} from './one-time-code';
import { uniqueViolationColumn } from './unique-violation';
import * as repo from './users.repository';
import { recordAudit } from '../admin/admin-access';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { customerEventData, enqueueEvent } from '../webhooks/webhook-events';
import { billingAddressOf } from '../customers/billing-address';

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

const silent: Logger = { error: () => undefined, warn: () => undefined, info: () => undefined };

function userLanguage(user: Pick<UserRow, 'language'>): Language {
  return isLanguage(user.language) ? user.language : 'hu';
}

function duplicateError(column: string): AppError | null {
  if (column === 'email') return new AppError('ERR_DUP_EMAIL');
  if (column === 'company_registration_number') return new AppError('ERR_DUP_COMP_REG_NUM');
  if (column === 'tax_number') return new AppError('ERR_DUP_TAX_NUM');
  return null;
}

/**
 * Writes a mail to the outbox in `trx` (docs/decisions/0019-outbox.md); when it cannot even be
 * queued, the transaction is rolled back and the answer is `failure`.
 */
async function queueMail(
  ctx: AppContext,
  trx: Kysely<Database>,
  mail: { to: string; subject: string; text: string; html?: string },
  failure: ErrorCode,
  log: Logger,
): Promise<void> {
  try {
    await enqueue(ctx, trx, { kind: 'mail', mail });
  } catch (error) {
    log.error({ err: error }, 'mail could not be queued; the change is rolled back');
    throw new AppError(failure);
  }
}

/** The confirmation mail of a registration, with a new single-use code. */
function verificationMail(
  ctx: AppContext,
  user: { userId: number; email: string; name: string; language: Language },
  code: string,
) {
  const link = `${ctx.config.publicUrl}/user/${user.userId}/verify/${code}`;
  return { to: user.email, ...renderMail('verification', user.language, { name: user.name, link }) };
}

/**
 * Registration: the customer, its user (role customer, inactive until staff approve it) and the
 * confirmation mail in the user's language are stored in one transaction; the outbox delivers the
 * mail after the commit, retrying while the mail server is away. If the mail cannot even be
 * queued, nothing is stored and the answer is ERR_SEND_REG_VER_EMAIL. A confirmation that never
 * arrived can be asked for again (`resendVerification`).
 */
export async function registerUser(
  ctx: AppContext,
  input: RegisterData,
  options: { language: Language; log?: Logger },
): Promise<{ userId: number }> {
  const log = options.log ?? silent;
  const db = ctx.database.db;
  const language = input.language ?? options.language;
  let ids: { userId: number; customerId: number };
  try {
    if (await repo.findUserByEmail(db, input.email)) throw new AppError('ERR_DUP_EMAIL');
    if (
      input.companyRegistrationNumber &&
      (await repo.customerWithCompanyRegistrationNumberExists(db, input.companyRegistrationNumber))
    ) {
      throw new AppError('ERR_DUP_COMP_REG_NUM');
    }
    if (input.taxNumber && (await repo.customerWithTaxNumberExists(db, input.taxNumber))) {
      throw new AppError('ERR_DUP_TAX_NUM');
    }
    const oneTime = createOneTimeCode();
    const now = ctx.now();
    const registration = {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      phone: input.phone,
      name: input.name,
      isCompany: input.isCompany,
      companyRegistrationNumber: input.companyRegistrationNumber,
      taxNumber: input.taxNumber,
      billing: input.billing,
      language,
      verificationCodeHash: oneTime.hash,
      verificationExpiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString(),
      now: now.toISOString(),
    };
    ids = await repo.insertRegistration(db, registration, async (trx, inserted) => {
      await queueMail(
        ctx,
        trx,
        verificationMail(ctx, { ...inserted, email: input.email, name: input.name, language }, oneTime.code),
        'ERR_SEND_REG_VER_EMAIL',
        log,
      );
      await enqueueEvent(ctx, trx, 'customer.registered', () => customerEventData(trx, inserted.userId));
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    // A concurrent registration won the race past the checks above: the unique index tells which.
    const column = uniqueViolationColumn(error);
    const duplicate = column ? duplicateError(column) : null;
    if (duplicate) throw duplicate;
    log.error({ err: error }, 'registration failed');
    throw new AppError('ERR_CREATE_USER');
  }

  wakeOutbox(ctx);
  log.info({ userId: ids.userId }, 'registration stored, confirmation mail queued');
  return { userId: ids.userId };
}

/**
 * A new confirmation mail for a registration whose mail never arrived (or whose link expired): a
 * new code replaces the older one. Errors: ERR_NO_USER_FOUND, ERR_ALREADY_VER, ERR_ACCOUNT_DISABLED
 * (a rejected registration), ERR_SEND_REG_VER_EMAIL when the mail cannot be queued.
 */
export async function resendVerification(
  ctx: AppContext,
  email: string,
  log: Logger = silent,
): Promise<void> {
  const db = ctx.database.db;
  const user = await repo.findUserByEmail(db, email);
  if (!user || user.role !== 'customer') throw new AppError('ERR_NO_USER_FOUND');
  if (user.email_verified_at) throw new AppError('ERR_ALREADY_VER');
  if (user.is_disabled === 1) throw new AppError('ERR_ACCOUNT_DISABLED');
  const now = ctx.now();
  const { code, hash } = createOneTimeCode();
  const mail = verificationMail(
    ctx,
    { userId: user.id, email: user.email, name: user.name, language: userLanguage(user) },
    code,
  );
  const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.setVerificationCode(trx, user.id, hash, expiresAt, now.toISOString()))) {
      throw new AppError('ERR_ALREADY_VER');
    }
    await queueMail(ctx, trx, mail, 'ERR_SEND_REG_VER_EMAIL', log);
  });
  wakeOutbox(ctx);
}

/** Confirms an e-mail address with the code of the confirmation link (single use, 7 days). */
export async function verifyEmail(ctx: AppContext, userId: number, code: string): Promise<void> {
  const db = ctx.database.db;
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('ERR_VERIFY_LINK');
  if (user.email_verified_at) throw new AppError('ERR_ALREADY_VER');
  const now = ctx.now();
  const hash = hashOneTimeCode(code);
  if (
    !codeHolds(
      { hash: user.email_verification_code_hash, expiresAt: user.email_verification_expires_at },
      hash,
      now,
    )
  ) {
    throw new AppError('ERR_VERIFY_LINK');
  }
  if (!(await repo.markEmailVerified(db, userId, hash, now.toISOString()))) {
    // Another request used the code a moment ago.
    throw new AppError('ERR_ALREADY_VER');
  }
}

/**
 * Sends a password-reset link (1 hour, single use; a new request replaces the older link) through
 * the outbox: the code and its mail are stored together; ERR_NO_MAIL_SENT when the mail cannot
 * be queued. Agents change their password in the back office; administrators do not use the shop.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  log: Logger = silent,
): Promise<void> {
  const db = ctx.database.db;
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.role === 'agent') throw new AppError('ERR_AGENT_CANNOT_CHANGE_PASSWORD');
  if (user.role === 'admin' || user.role === 'staff') throw new AppError('ERR_ADMIN_CANNOT_LOGIN');
  if (user.is_disabled === 1) throw new AppError('ERR_ACCOUNT_DISABLED');
  const now = ctx.now();
  const { code, hash } = createOneTimeCode();
  const link = `${ctx.config.publicUrl}/user/${user.id}/reset-password/${code}`;
  const mail = {
    to: user.email,
    ...renderMail('passwordReset', userLanguage(user), { name: user.name, link }),
  };
  await db.transaction().execute(async (trx) => {
    await repo.setResetCode(
      trx,
      user.id,
      hash,
      new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
      now.toISOString(),
    );
    await queueMail(ctx, trx, mail, 'ERR_NO_MAIL_SENT', log);
  });
  wakeOutbox(ctx);
}

/** Sets a new password through a reset link. */
export async function resetPassword(
  ctx: AppContext,
  userId: number,
  code: string,
  newPassword: string,
): Promise<void> {
  const db = ctx.database.db;
  const user = await repo.findUserById(db, userId);
  const hash = hashOneTimeCode(code);
  if (
    !user ||
    !codeHolds(
      { hash: user.reset_password_code_hash, expiresAt: user.reset_password_expires_at },
      hash,
      ctx.now(),
    )
  ) {
    throw new AppError('ERR_FORGOT_PASSWORD_LINK');
  }
  if (user.role === 'agent') throw new AppError('ERR_AGENT_CANNOT_CHANGE_PASSWORD');
  const passwordHash = await hashPassword(newPassword);
  if (!(await repo.resetPasswordWithCode(db, userId, hash, passwordHash, ctx.now().toISOString()))) {
    throw new AppError('ERR_FORGOT_PASSWORD_LINK');
  }
}

/**
 * A signed-in user sets a new password: older tokens are revoked (token version + 1), the forced
 * change ends, and a fresh token of the same lifetime is returned.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  user: AuthUser,
  newPassword: string,
  keepLoggedIn: boolean,
): Promise<string> {
  if (user.isAgent) throw new AppError('ERR_AGENT_CANNOT_CHANGE_PASSWORD');
  const passwordHash = await hashPassword(newPassword);
  const version = await repo.changePassword(
    ctx.database.db,
    user.userId,
    user.tokenVersion,
    passwordHash,
    ctx.now().toISOString(),
  );
  if (version === undefined) throw new AppError('ERR_TOKEN_REVOKED');
  return auth.sign({ ...user, tokenVersion: version }, keepLoggedIn);
}

/** The signed-in customer's own data (agents read theirs through the extended customer call). */
export async function getUserData(ctx: AppContext, user: AuthUser): Promise<UserData> {
  if (user.isAgent || user.role !== 'customer' || user.customerId === null)
    throw new AppError('ERR_FORBIDDEN');
  const customer = await repo.findCustomerById(ctx.database.db, user.customerId);
  if (!customer) throw new AppError('ERR_NO_USER_FOUND');
  return {
    email: customer.email,
    phone: customer.phone,
    taxNumber: customer.tax_number,
    companyRegistrationNumber: customer.company_registration_number,
    name: customer.name,
    isCompany: customer.is_company === 1,
    billing: billingAddressOf(customer),
  };
}

/** The staff member acting in the back office: the change is written to the audit log with it. */
export interface StaffActor {
  actorUserId: number;
}

function accountState(user: UserRow) {
  return {
    isActive: user.is_active === 1,
    isDisabled: user.is_disabled === 1,
    approvedAt: user.approved_at,
    rejectedAt: user.rejected_at,
    rejectionReason: user.rejection_reason,
  };
}

export interface ApprovalResult {
  userId: number;
  email: string;
  /** The account was already active: nothing changed and no mail went out. */
  alreadyApproved: boolean;
  /** The mail was queued in the outbox with the approval (it is delivered after the commit). */
  mailSent: boolean;
}

/**
 * Staff approval of a registration (until the back office exists: `npm run admin -- approve EMAIL`).
 * The e-mail address must be confirmed. The approval and its mail are stored together (outbox).
 */
export async function approveUser(
  ctx: AppContext,
  email: string,
  _log: Logger = silent,
  audit?: StaffActor,
): Promise<ApprovalResult> {
  const db = ctx.database.db;
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.is_active === 1 && user.is_disabled === 0) {
    return { userId: user.id, email: user.email, alreadyApproved: true, mailSent: false };
  }
  if (!user.email_verified_at) throw new AppError('ERR_EMAIL_NOT_VERIFIED');
  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    await repo.approveUserRow(trx, user.id, now.toISOString());
    if (audit) {
      await recordAudit(trx, {
        actorUserId: audit.actorUserId,
        action: 'approve',
        entity: 'user',
        entityId: user.id,
        before: accountState(user),
        after: { isActive: true, isDisabled: false, approvedAt: now.toISOString() },
        at: now,
      });
    }
    await enqueue(ctx, trx, {
      kind: 'mail',
      mail: {
        to: user.email,
        ...renderMail('approval', userLanguage(user), {
          name: user.name,
          link: `${ctx.config.publicUrl}/login`,
        }),
      },
    });
    await enqueueEvent(ctx, trx, 'customer.approved', () => customerEventData(trx, user.id));
  });
  wakeOutbox(ctx);
  return { userId: user.id, email: user.email, alreadyApproved: false, mailSent: true };
}

/** Staff rejection: the account is disabled (its tokens revoked) and the person gets a mail (outbox). */
export async function rejectUser(
  ctx: AppContext,
  email: string,
  reason: string | null,
  _log: Logger = silent,
  audit?: StaffActor,
): Promise<{ userId: number; email: string; mailSent: boolean }> {
  const db = ctx.database.db;
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    await repo.rejectUserRow(trx, user.id, reason, now.toISOString());
    if (audit) {
      await recordAudit(trx, {
        actorUserId: audit.actorUserId,
        action: 'reject',
        entity: 'user',
        entityId: user.id,
        before: accountState(user),
        after: { isActive: false, isDisabled: true, rejectedAt: now.toISOString(), rejectionReason: reason },
        at: now,
      });
    }
    await enqueue(ctx, trx, {
      kind: 'mail',
      mail: { to: user.email, ...renderMail('rejection', userLanguage(user), { name: user.name, reason }) },
    });
  });
  wakeOutbox(ctx);
  return { userId: user.id, email: user.email, mailSent: true };
}

export async function listPendingRegistrations(ctx: AppContext) {
  return repo.listPendingUsers(ctx.database.db);
}
