import type { LoginRequest, LoginResponse, MeResponse } from '@shop/shared/contracts/auth';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Auth, AuthUser } from '../../http/auth';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import * as repo from './auth.repository';

/** Brute-force lockout: 5 failed logins of one account within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/**
 * Login with the e-mail address (any letter case) or the user name. The checks, in order:
 *
 * 1. unknown account → ERR_WRONG_LOGIN_CRED, after a dummy password check that takes as long
 *    as a real one, so unknown and known accounts answer alike;
 * 2. account locked → ERR_ACCOUNT_LOCKED {until} (also after a dummy check; guesses during a
 *    lock are not even tried, and do not extend it);
 * 3. wrong password → ERR_WRONG_LOGIN_CRED, counted; the 5th failure within 15 minutes locks
 *    the account for 15 minutes and answers ERR_ACCOUNT_LOCKED {until};
 * 4. only with the right password does the caller learn anything about the account:
 *    administrator or staff → ERR_ADMIN_CANNOT_LOGIN; disabled (rejected) → ERR_ACCOUNT_DISABLED;
 *    not approved yet → INACTIVE_USER {emailVerified} (before or after the e-mail confirmation);
 * 5. success: a token of 12 hours, or 30 days with keepMeLoggedIn; `reset: true` when the
 *    account must change its password first.
 */
/**
 * Steps 1 to 3 of the login (shared by the shop login and the back-office login): the account
 * whose password matched, or ERR_WRONG_LOGIN_CRED / ERR_ACCOUNT_LOCKED. Failures are counted and
 * lock the account; a success clears the count.
 */
export async function checkCredentials(
  ctx: AppContext,
  input: Pick<LoginRequest, 'emailorusername' | 'password'>,
): Promise<UserRow> {
  const db = ctx.database.db;
  const user = await repo.findUserForLogin(db, input.emailorusername.trim());
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new AppError('ERR_WRONG_LOGIN_CRED');
  }
  const now = ctx.now();
  if (user.locked_until && new Date(user.locked_until).getTime() > now.getTime()) {
    await verifyAgainstDummy(input.password);
    throw new AppError('ERR_ACCOUNT_LOCKED', { until: user.locked_until });
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    const failures = await repo.recordFailedLogin(
      db,
      user.id,
      now.toISOString(),
      new Date(now.getTime() - LOCKOUT.windowMs).toISOString(),
    );
    if (failures >= LOCKOUT.maxFailures) {
      const until = new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
      await repo.lockAccount(db, user.id, until, now.toISOString());
      throw new AppError('ERR_ACCOUNT_LOCKED', { until });
    }
    throw new AppError('ERR_WRONG_LOGIN_CRED');
  }
  if (user.failed_login_count > 0 || user.failed_login_window_start || user.locked_until) {
    await repo.clearFailedLogins(db, user.id);
  }
  return user;
}

export async function login(ctx: AppContext, auth: Auth, input: LoginRequest): Promise<LoginResponse> {
  const user = await checkCredentials(ctx, input);
  if (user.role === 'admin' || user.role === 'staff') throw new AppError('ERR_ADMIN_CANNOT_LOGIN');
  if (user.is_disabled === 1) throw new AppError('ERR_ACCOUNT_DISABLED');
  if (user.is_active !== 1)
    throw new AppError('INACTIVE_USER', { emailVerified: user.email_verified_at !== null });

  const isAgent = user.role === 'agent';
  const accessToken = await auth.sign(
    {
      userId: user.id,
      customerId: isAgent ? null : user.customer_id,
      isAgent,
      role: user.role,
      companyRole: isAgent ? null : user.company_role,
      tokenVersion: user.token_version,
    },
    input.keepMeLoggedIn === true,
  );
  return user.must_change_password === 1
    ? { access_token: accessToken, reset: true }
    : { access_token: accessToken };
}

/** Who the signed-in user is, for the web. */
export async function me(ctx: AppContext, user: AuthUser): Promise<MeResponse> {
  const details = await repo.findSessionDetails(ctx.database.db, user.userId);
  if (!details) throw new AppError('ERR_TOKEN_REVOKED');
  const currentCustomerId = user.isAgent
    ? details.currentAddressAgentUserId === user.userId
      ? details.currentAddressCustomerId
      : null
    : user.customerId;
  return {
    userId: user.userId,
    customerId: user.isAgent ? null : user.customerId,
    isAgent: user.isAgent,
    name: details.name,
    mustChangePassword: user.mustChangePassword,
    currentCustomerId,
  };
}
