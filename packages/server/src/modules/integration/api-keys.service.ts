import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ApiKey, ApiKeyCreated } from '@shop/shared/contracts/admin-integration';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../admin/admin-access';

/**
 * API keys of the ERP integration. A key is `shk_<prefix>_<secret>`: the prefix (10 hex
 * characters, unique) finds the row, the SHA-256 of the whole key is compared in constant time.
 * Keys are random (32 bytes of secret), so a fast hash is enough; the key is shown once at
 * creation and never stored. A revoked key answers 401 ERR_API_KEY_REVOKED.
 */

export interface IntegrationClient {
  keyId: number;
  prefix: string;
  createdByUserId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    integration: IntegrationClient | null;
  }
}

const KEY_RE = /^shk_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

type KeyRow = {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  created_by: string | null;
};

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function keyQuery(ctx: AppContext) {
  return ctx.database.db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by_user_id')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.name as created_by',
    ]);
}

export async function listApiKeys(ctx: AppContext): Promise<ApiKey[]> {
  const rows = await keyQuery(ctx).orderBy('k.id', 'desc').execute();
  return rows.map(toApiKey);
}

export async function createApiKey(
  ctx: AppContext,
  actorUserId: number,
  name: string,
): Promise<ApiKeyCreated> {
  const prefix = randomBytes(5).toString('hex');
  const key = `shk_${prefix}_${randomBytes(32).toString('base64url')}`;
  const now = ctx.now().toISOString();
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('api_keys')
      .values({ name, prefix, key_hash: hashKey(key), created_by_user_id: actorUserId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId,
      action: 'api-key.create',
      entity: 'api_key',
      entityId: row.id,
      before: null,
      after: { name, prefix },
      at: ctx.now(),
    });
    return row.id;
  });
  const row = await keyQuery(ctx).where('k.id', '=', id).executeTakeFirstOrThrow();
  return { apiKey: toApiKey(row), key };
}

export async function revokeApiKey(ctx: AppContext, actorUserId: number, id: number): Promise<ApiKey> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('api_keys')
      .select(['id', 'name', 'prefix', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw new AppError('ERR_API_KEY_NOT_FOUND');
    if (before.revoked_at !== null) return;
    const revokedAt = ctx.now().toISOString();
    await trx.updateTable('api_keys').set({ revoked_at: revokedAt }).where('id', '=', id).execute();
    await recordAudit(trx, {
      actorUserId,
      action: 'api-key.revoke',
      entity: 'api_key',
      entityId: id,
      before,
      after: { ...before, revoked_at: revokedAt },
      at: ctx.now(),
    });
  });
  return toApiKey(await keyQuery(ctx).where('k.id', '=', id).executeTakeFirstOrThrow());
}

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = request.headers.authorization;
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

/** onRequest hook of every integration route: a valid, unrevoked API key. */
export function requireApiKey(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const key = presentedKey(request);
    if (!key) throw new AppError('ERR_UNAUTHORIZED');
    const match = KEY_RE.exec(key);
    if (!match) throw new AppError('ERR_API_KEY_INVALID');
    const row = await ctx.database.db
      .selectFrom('api_keys')
      .select(['id', 'prefix', 'key_hash', 'revoked_at', 'last_used_at', 'created_by_user_id'])
      .where('prefix', '=', match[1]!)
      .executeTakeFirst();
    const expected = Buffer.from(row?.key_hash ?? '0'.repeat(64), 'hex');
    const actual = Buffer.from(hashKey(key), 'hex');
    if (!row || !timingSafeEqual(expected, actual)) throw new AppError('ERR_API_KEY_INVALID');
    if (row.revoked_at !== null) throw new AppError('ERR_API_KEY_REVOKED');
    const now = ctx.now();
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      await ctx.database.db
        .updateTable('api_keys')
        .set({ last_used_at: now.toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    request.integration = { keyId: row.id, prefix: row.prefix, createdByUserId: row.created_by_user_id };
  };
}
