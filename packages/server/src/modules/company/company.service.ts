import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CompanyActivity,
  CompanyUser,
  CompanyUsersResponse,
  InviteCompanyUser,
  UpdateCompanyUser,
} from '@shop/shared/contracts/company';
import type { Language } from '@shop/shared/i18n/languages';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { renderMail } from '../../lib/mail-templates';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../admin/admin-access';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { codeHolds, createOneTimeCode, hashOneTimeCode } from '../users/one-time-code';
import { uniqueViolationColumn } from '../users/unique-violation';
import * as repo from './company.repository';
import type { CompanyUserRow } from './company.repository';

/**
 * Company users (issue 15, docs/product.md §3.4, §6.1): owners (and staff in the back office)
 * invite, change, disable and remove the logins of their company. Every change is one
 * transaction with its audit entry (entity `company`, id = the customer) and, for an invitation,
 * its mail (outbox). Nobody removes, disables or demotes the company's last active owner.
 */

/** An invitation link is valid for 7 days, once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const ACTIVITY_LIMIT = 50;

/** Who changes the users: an owner of the company, or a back-office user. */
export interface CompanyActor {
  userId: number;
  customerId: number;
  byStaff: boolean;
}

/** The signed-in owner as an actor; anybody else (other roles, agents) → 403 ERR_FORBIDDEN. */
export function ownerActor(auth: AuthUser | null): CompanyActor {
  if (!auth) throw new AppError('ERR_UNAUTHORIZED');
  if (auth.role !== 'customer' || auth.customerId === null || auth.companyRole !== 'owner') {
    throw new AppError('ERR_FORBIDDEN');
  }
  return { userId: auth.userId, customerId: auth.customerId, byStaff: false };
}

/** A staff member acting on the company of the account `accountUserId` (the back office's customer page). */
export async function staffActor(
  ctx: AppContext,
  staffUserId: number,
  accountUserId: number,
): Promise<CompanyActor> {
  const account = await repo.findUser(ctx.database.db, accountUserId);
  if (!account || account.role !== 'customer' || account.customer_id === null) {
    throw new AppError('ERR_NO_USER_FOUND');
  }
  return { userId: staffUserId, customerId: account.customer_id, byStaff: true };
}

const toForints = (minor: number | string | null): number | null =>
  minor === null ? null : Math.round(Number(minor) / 100);
const toMinor = (forints: number | null): number | null => (forints === null ? null : forints * 100);

function statusOf(row: CompanyUserRow): CompanyUser['status'] {
  if (row.is_disabled === 1) return 'disabled';
  if (row.is_active !== 1) return 'invited';
  return 'active';
}

function toCompanyUser(row: CompanyUserRow, addressIds: number[]): CompanyUser {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    role: row.company_role,
    orderLimit: toForints(row.order_limit),
    monthlyLimit: toForints(row.monthly_limit),
    shippingAddressIds: addressIds,
    status: statusOf(row),
    inviteExpiresAt: row.is_active !== 1 ? row.invite_expires_at : null,
    createdAt: row.created_at,
  };
}

function parseJson(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

type ChangeValue = CompanyActivity['changes'][string];
function isChangeValue(value: unknown): value is ChangeValue {
  return (
    value === null ||
    ['string', 'number', 'boolean'].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'number'))
  );
}

async function usersOf(db: Kysely<Database>, customerId: number): Promise<CompanyUser[]> {
  const rows = await repo.findCompanyUsers(db, customerId);
  const allowed = await repo.findAllowedAddresses(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toCompanyUser(
      row,
      allowed.filter((a) => a.user_id === row.id).map((a) => a.shipping_address_id),
    ),
  );
}

/** GET /api/company/users: the users, the company's addresses and the latest changes. */
export async function listCompanyUsers(ctx: AppContext, actor: CompanyActor): Promise<CompanyUsersResponse> {
  const db = ctx.database.db;
  const [users, addresses, activity] = await Promise.all([
    usersOf(db, actor.customerId),
    repo.findCompanyAddresses(db, actor.customerId),
    repo.findActivity(db, actor.customerId, ACTIVITY_LIMIT),
  ]);
  return {
    users,
    addresses: addresses.map((a) => ({
      shippingAddressId: a.id,
      zip: a.zip,
      city: a.city,
      aptSuite: a.apt_suite,
      country: a.country,
    })),
    activity: activity.map((row) => {
      const after = parseJson(row.after_json);
      const changes: CompanyActivity['changes'] = {};
      for (const [key, value] of Object.entries(after)) {
        if (key !== 'userId' && key !== 'userName' && isChangeValue(value)) changes[key] = value;
      }
      return {
        id: row.id,
        at: row.created_at,
        action: row.action,
        actorName: row.actor_name ?? null,
        byStaff: row.actor_role === 'admin' || row.actor_role === 'staff',
        userId: typeof after.userId === 'number' ? after.userId : null,
        userName: typeof after.userName === 'string' ? after.userName : null,
        changes,
      };
    }),
  };
}

/** Every id must be an active address of the company: else 400 ERR_INVALID_SHIPPING_ADDRESS_ID. */
async function checkAddresses(
  db: Kysely<Database>,
  customerId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const own = new Set((await repo.findCompanyAddresses(db, customerId)).map((a) => a.id));
  if (ids.some((id) => !own.has(id))) throw new AppError('ERR_INVALID_SHIPPING_ADDRESS_ID');
}

/** The target must be a (not removed) login of the actor's company; anything else → 404 NOT_FOUND. */
function requireMember(row: CompanyUserRow | undefined, customerId: number): CompanyUserRow {
  if (!row || row.role !== 'customer' || row.customer_id !== customerId || row.removed_at !== null) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

function isActiveOwner(row: CompanyUserRow): boolean {
  return (
    row.company_role === 'owner' && row.is_disabled === 0 && row.is_active === 1 && row.removed_at === null
  );
}

async function refuseLastOwner(trx: Kysely<Database>, row: CompanyUserRow): Promise<void> {
  if (!isActiveOwner(row)) return;
  if (row.customer_id === null) return;
  if ((await repo.countOtherActiveOwners(trx, row.customer_id, row.id)) === 0) {
    throw new AppError('ERR_LAST_OWNER');
  }
}

/** Runs `work` in a transaction that holds the company's lock (the last-owner rule is checked under it). */
async function inCompanyTransaction<T>(
  ctx: AppContext,
  customerId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return ctx.database.db.transaction().execute(async (trx) => {
    if (!(await repo.lockCompany(trx, ctx.database.dialect, customerId))) throw new AppError('NOT_FOUND');
    return work(trx);
  });
}

async function audit(
  trx: Kysely<Database>,
  ctx: AppContext,
  actor: { userId: number; customerId: number },
  action: string,
  target: { id: number; name: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  await recordAudit(trx, {
    actorUserId: actor.userId,
    action,
    entity: 'company',
    entityId: actor.customerId,
    before: before ? { userId: target.id, userName: target.name, ...before } : null,
    after: { userId: target.id, userName: target.name, ...after },
    at: ctx.now(),
  });
}

async function loadUser(db: Kysely<Database>, userId: number): Promise<CompanyUser> {
  const row = await repo.findUser(db, userId);
  if (!row) throw new AppError('NOT_FOUND');
  const allowed = await repo.findAllowedAddresses(db, [userId]);
  return toCompanyUser(
    row,
    allowed.map((a) => a.shipping_address_id),
  );
}

/**
 * POST /api/company/users: invites a login into the company (inactive until it accepts) and
 * queues the mail with `/user/{userId}/invite/{code}` (7 days, single use). An address already
 * used by a login of another company or by staff → 409 ERR_DUP_EMAIL; one of this company that
 * has not accepted yet, or was removed, gets a new invitation (the older link stops working).
 */
export async function inviteCompanyUser(
  ctx: AppContext,
  actor: CompanyActor,
  input: InviteCompanyUser,
  requestLanguage: Language,
): Promise<CompanyUser> {
  const db = ctx.database.db;
  await checkAddresses(db, actor.customerId, input.shippingAddressIds);
  const existing = await repo.findUserByEmail(db, input.email);
  const renewable =
    existing !== undefined &&
    existing.role === 'customer' &&
    existing.customer_id === actor.customerId &&
    (existing.removed_at !== null || (existing.is_active !== 1 && existing.invite_code_hash !== null));
  if (existing && !renewable) throw new AppError('ERR_DUP_EMAIL');

  const language: Language = input.language ?? requestLanguage;
  const now = ctx.now();
  const { code, hash } = createOneTimeCode();
  // The login has no password of its own until the invitation is accepted: a random one nobody knows.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const [company, inviter] = await Promise.all([
    repo.findCustomerName(db, actor.customerId),
    repo.findUser(db, actor.userId),
  ]);
  const fields: repo.NewInvitedUser = {
    email: input.email,
    name: input.name,
    customerId: actor.customerId,
    companyRole: input.role,
    orderLimit: toMinor(input.orderLimit),
    monthlyLimit: toMinor(input.monthlyLimit),
    language,
    passwordHash,
    inviteCodeHash: hash,
    inviteExpiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
    invitedByUserId: actor.userId,
    now: now.toISOString(),
  };

  let userId: number;
  try {
    userId = await inCompanyTransaction(ctx, actor.customerId, async (trx) => {
      let id: number;
      if (existing && renewable) {
        // A removed last owner cannot come back as something else silently: the rule holds for owners only.
        await repo.renewInvitation(trx, existing.id, fields);
        id = existing.id;
      } else {
        id = await repo.insertInvitedUser(trx, fields);
      }
      await repo.replaceAllowedAddresses(trx, id, input.shippingAddressIds);
      await audit(trx, ctx, actor, 'invite', { id, name: input.name }, null, {
        email: input.email,
        role: input.role,
        orderLimit: input.orderLimit,
        monthlyLimit: input.monthlyLimit,
        shippingAddressIds: input.shippingAddressIds,
      });
      const link = `${ctx.config.publicUrl}/user/${id}/invite/${code}`;
      await enqueue(ctx, trx, {
        kind: 'mail',
        mail: {
          to: input.email,
          ...renderMail('companyInvite', language, {
            name: input.name,
            link,
            email: input.email,
            company: company ?? '',
            inviter: inviter?.name ?? company ?? '',
          }),
        },
      });
      return id;
    });
  } catch (error) {
    if (!isAppError(error) && uniqueViolationColumn(error) === 'email') throw new AppError('ERR_DUP_EMAIL');
    throw error;
  }
  wakeOutbox(ctx);
  return loadUser(db, userId);
}

/**
 * PATCH /api/company/users/{userId}: name, role, limits, addresses, disabled. Demoting or
 * disabling the last active owner → 409 ERR_LAST_OWNER. A new role or disabling revokes the
 * login's tokens at once (a new role takes effect with the next login).
 */
export async function updateCompanyUser(
  ctx: AppContext,
  actor: CompanyActor,
  userId: number,
  input: UpdateCompanyUser,
): Promise<CompanyUser> {
  const db = ctx.database.db;
  requireMember(await repo.findUser(db, userId), actor.customerId);
  if (input.shippingAddressIds) await checkAddresses(db, actor.customerId, input.shippingAddressIds);
  await inCompanyTransaction(ctx, actor.customerId, async (trx) => {
    // Read again under the company's lock: the last-owner rule sees every committed change.
    const row = requireMember(await repo.findUser(trx, userId), actor.customerId);
    const change: repo.UserChange = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const note = (key: string, from: unknown, to: unknown) => {
      before[key] = from;
      after[key] = to;
    };
    if (input.name !== undefined && input.name !== row.name) {
      change.name = input.name;
      note('name', row.name, input.name);
    }
    const demotes = input.role !== undefined && input.role !== row.company_role;
    if (demotes && input.role) {
      change.company_role = input.role;
      note('role', row.company_role, input.role);
    }
    if (input.orderLimit !== undefined && toMinor(input.orderLimit) !== numberOrNull(row.order_limit)) {
      change.order_limit = toMinor(input.orderLimit);
      note('orderLimit', toForints(row.order_limit), input.orderLimit);
    }
    if (input.monthlyLimit !== undefined && toMinor(input.monthlyLimit) !== numberOrNull(row.monthly_limit)) {
      change.monthly_limit = toMinor(input.monthlyLimit);
      note('monthlyLimit', toForints(row.monthly_limit), input.monthlyLimit);
    }
    const disables = input.disabled === true && row.is_disabled === 0;
    const enables = input.disabled === false && row.is_disabled === 1;
    if (disables || enables) {
      change.is_disabled = disables ? 1 : 0;
      note('disabled', row.is_disabled === 1, disables);
    }
    if ((demotes && row.company_role === 'owner') || disables) await refuseLastOwner(trx, row);

    if (input.shippingAddressIds) {
      const current = (await repo.findAllowedAddresses(trx, [userId])).map((a) => a.shipping_address_id);
      const next = [...input.shippingAddressIds].sort((a, b) => a - b);
      if (current.join(',') !== next.join(',')) {
        await repo.replaceAllowedAddresses(trx, userId, next);
        note('shippingAddressIds', current, next);
      }
    }
    if (Object.keys(after).length === 0) return;
    if (Object.keys(change).length > 0) {
      await repo.updateUser(trx, userId, change, demotes || disables, ctx.now().toISOString());
    }
    const action = disables ? 'disable' : enables ? 'enable' : 'update';
    await audit(trx, ctx, actor, action, { id: row.id, name: change.name ?? row.name }, before, after);
  });
  return loadUser(db, userId);
}

function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * DELETE /api/company/users/{userId}: the login leaves the company (its tokens stop; the orders it
 * placed keep it as their buyer). The last active owner → 409 ERR_LAST_OWNER.
 */
export async function removeCompanyUser(ctx: AppContext, actor: CompanyActor, userId: number): Promise<void> {
  await inCompanyTransaction(ctx, actor.customerId, async (trx) => {
    const row = requireMember(await repo.findUser(trx, userId), actor.customerId);
    await refuseLastOwner(trx, row);
    await repo.markRemoved(trx, userId, ctx.now().toISOString());
    await audit(trx, ctx, actor, 'remove', { id: row.id, name: row.name }, null, {
      email: row.email,
      role: row.company_role,
    });
  });
}

/**
 * POST /api/users/{userId}/accept-invite/{code}: sets the password and activates the login. A
 * wrong, used or expired code, or a login disabled or removed meanwhile → 400 ERR_INVITE_LINK.
 */
export async function acceptInvite(
  ctx: AppContext,
  userId: number,
  code: string,
  newPassword: string,
): Promise<void> {
  const db = ctx.database.db;
  const row = await repo.findUser(db, userId);
  const hash = hashOneTimeCode(code);
  const now = ctx.now();
  if (
    !row ||
    row.role !== 'customer' ||
    row.customer_id === null ||
    !codeHolds({ hash: row.invite_code_hash, expiresAt: row.invite_expires_at }, hash, now)
  ) {
    throw new AppError('ERR_INVITE_LINK');
  }
  const passwordHash = await hashPassword(newPassword);
  const customerId = row.customer_id;
  await db.transaction().execute(async (trx) => {
    if (!(await repo.acceptInvitation(trx, userId, hash, passwordHash, now.toISOString()))) {
      throw new AppError('ERR_INVITE_LINK');
    }
    await audit(trx, ctx, { userId, customerId }, 'accept_invite', { id: userId, name: row.name }, null, {
      email: row.email,
    });
  });
}
