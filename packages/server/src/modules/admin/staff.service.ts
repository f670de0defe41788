import type {
  CreateStaffRequest,
  StaffAccount,
  UpdateStaffRequest,
} from '@shop/shared/contracts/admin-accounts';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../lib/password';
import { uniqueViolationColumn } from '../users/unique-violation';
import { findUserByEmail } from '../users/users.repository';
import { recordAudit } from './admin-access';
import { pageOf } from './admin-query';
import { findStaffRow, insertStaffRow, listStaffRows, updateStaffRow } from './staff.repository';

type StaffRow = Pick<
  UserRow,
  'id' | 'email' | 'username' | 'name' | 'role' | 'language' | 'is_disabled' | 'created_at'
>;

function toAccount(row: StaffRow): StaffAccount {
  return {
    userId: row.id,
    email: row.email,
    username: row.username,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'staff',
    language: row.language,
    isDisabled: row.is_disabled === 1,
    createdAt: row.created_at,
  };
}

/** What the audit log keeps of a staff account (never the password hash). */
function auditView(account: StaffAccount) {
  return { email: account.email, name: account.name, role: account.role, isDisabled: account.isDisabled };
}

export async function listStaff(
  ctx: AppContext,
  query: { page: number; pageSize: number; q?: string | undefined },
): Promise<AdminPage<StaffAccount>> {
  return pageOf(query, await listStaffRows(ctx.database.db, query), toAccount);
}

/** A new administrator or staff account with the given password (active at once). */
export async function createStaff(
  ctx: AppContext,
  input: Required<Pick<CreateStaffRequest, 'email' | 'name' | 'role' | 'password'>> & { language: string },
  actorUserId: number,
): Promise<StaffAccount> {
  const db = ctx.database.db;
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email)) throw new AppError('ERR_DUP_EMAIL');
      const row = await insertStaffRow(trx, {
        email: input.email,
        password_hash: passwordHash,
        role: input.role,
        name: input.name,
        phone: null,
        customer_id: null,
        language: input.language,
        is_active: 1,
        is_disabled: 0,
        email_verified_at: now.toISOString(),
        approved_at: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      const account = toAccount(row);
      await recordAudit(trx, {
        actorUserId,
        action: 'create',
        entity: 'staff',
        entityId: account.userId,
        before: null,
        after: auditView(account),
        at: now,
      });
      return account;
    });
  } catch (error) {
    if (uniqueViolationColumn(error) === 'email') throw new AppError('ERR_DUP_EMAIL');
    throw error;
  }
}

/**
 * Changes a staff account: name, role, disabled, password. Disabling or a new password revokes
 * the account's tokens at once (token version + 1). Nobody can disable or demote themselves.
 */
export async function updateStaff(
  ctx: AppContext,
  userId: number,
  input: UpdateStaffRequest,
  actorUserId: number,
): Promise<StaffAccount> {
  const db = ctx.database.db;
  const now = ctx.now();
  if (userId === actorUserId && (input.disabled === true || input.role === 'staff')) {
    throw new AppError('ERR_CANNOT_CHANGE_OWN_ACCOUNT');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await findStaffRow(trx, userId);
    if (!row) throw new AppError('ERR_NO_USER_FOUND');
    const before = toAccount(row);
    const revoke = (input.disabled === true && !before.isDisabled) || passwordHash !== undefined;
    const updated = await updateStaffRow(
      trx,
      userId,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.disabled !== undefined ? { is_disabled: input.disabled ? 1 : 0 } : {}),
        ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
        updated_at: now.toISOString(),
      },
      revoke,
    );
    const after = toAccount(updated);
    await recordAudit(trx, {
      actorUserId,
      action: input.disabled === true && !before.isDisabled ? 'disable' : 'update',
      entity: 'staff',
      entityId: userId,
      before: auditView(before),
      after: { ...auditView(after), ...(passwordHash ? { passwordChanged: true } : {}) },
      at: now,
    });
    return after;
  });
}
