import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../app-context';
import type { CompanyRole, UserRole } from '../db/schema';
import { rememberTokenCheckRow } from '../modules/shipping-addresses/acting-customer.service';
import { batcherOf, createStatementBatcher, STATEMENT_BATCHING } from '../db/statement-batcher';
import {
  findUserWithCurrentAddress,
  findUserWithCurrentAddressAndPage,
  findUsersForTokenChecks,
  type TokenCheckAnswer,
  type TokenCheckCall,
  type TokenCheckPage,
} from '../modules/shipping-addresses/shipping-addresses.repository';
import { AppError } from './app-error';

/** Who is calling, as the server knows it after checking the token against the database. */
export interface AuthUser {
  userId: number;
  /** The customer the user belongs to; null for agents and staff. */
  customerId: number | null;
  isAgent: boolean;
  role: UserRole;
  /**
   * The customer login's role in its company (issue 15); null for agents, administrators and staff.
   * Optional only so that hand-made test users need not name it; the token check always sets it.
   */
  companyRole?: CompanyRole | null;
  mustChangePassword: boolean;
  tokenVersion: number;
}

/** Claims of the shop's access token (docs/product.md §3 plus `tv`, the token version, and `role`). */
export interface TokenClaims {
  exp: number;
  isAgent: boolean;
  id: number | null;
  userId: number;
  tv: number;
  role: UserRole;
  /** The customer login's role in its company (issue 15); null for agents. */
  companyRole: CompanyRole | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** This route stays open to an account that must change its password first. */
    allowWhenPasswordChangeRequired?: boolean;
    /**
     * The listing page this request will probably answer, guessed before the handler runs
     * (products.routes.ts): the token check then reads that page's live data in its own statement,
     * and the handler uses it only if its page is exactly that one (decision 0026).
     */
    tokenCheckPage?: (request: FastifyRequest, userId: number) => TokenCheckPage | undefined;
  }
}

/**
 * The caller of a route whose scope checked the token (`request.auth`); ERR_UNAUTHORIZED (401)
 * should a route ever be reached without one.
 */
export function signedIn(request: { auth: AuthUser | null }): AuthUser {
  if (!request.auth) throw new AppError('ERR_UNAUTHORIZED');
  return request.auth;
}

export const SHORT_TOKEN_SECONDS = 12 * 60 * 60;
export const LONG_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const ALGORITHMS = ['HS256'];

export interface Auth {
  sign(
    user: Omit<AuthUser, 'mustChangePassword' | 'companyRole'> & { companyRole?: CompanyRole | null },
    keepLoggedIn: boolean,
  ): Promise<string>;
  /** Reads and checks the bearer token if present; never throws for a missing one. */
  identify(request: FastifyRequest): Promise<AuthUser | null>;
  /**
   * Checks a token as the shop's routes would (signature, expiry, revocation, a shop account that
   * need not change its password first): its user and claims, or null when it would be refused.
   * For the session cookie of server-rendered personal pages (decision 0017).
   */
  checkShopToken(token: string): Promise<{ user: AuthUser; claims: TokenClaims } | null>;
  /**
   * onRequest hook of the shop-user scope (http/route-scopes.ts): a valid shop token is required
   * (administrators and staff: ERR_FORBIDDEN). Sets `request.auth`.
   */
  required(request: FastifyRequest): Promise<void>;
  /** onRequest hook of the catalogue scope: a token is optional, but a bad one is still refused. */
  optional(request: FastifyRequest): Promise<void>;
}

export function createAuth(ctx: AppContext): Auth {
  const key = new TextEncoder().encode(ctx.config.jwtSecret);

  /**
   * Tokens whose signature this process has already checked: verifying an HMAC through WebCrypto
   * for every request was a tenth of a catalogue request's CPU time. The same token text always
   * verifies the same way, so only its expiry is checked again (by the clock of every request).
   */
  const verified = new Map<string, TokenClaims>();
  const MAX_VERIFIED = 10_000;

  async function verifyToken(token: string): Promise<TokenClaims> {
    const known = verified.get(token);
    if (known) {
      if (known.exp <= Math.floor(ctx.now().getTime() / 1000)) {
        verified.delete(token);
        throw new AppError('ERR_TOKEN_EXPIRED');
      }
      return known;
    }
    const claims = await verifySignature(token);
    if (typeof claims.exp === 'number' && (claims as { nbf?: unknown }).nbf === undefined) {
      if (verified.size >= MAX_VERIFIED) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, claims);
    }
    return claims;
  }

  async function verifySignature(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ALGORITHMS,
        currentDate: ctx.now(),
      });
      if (typeof payload.userId !== 'number' || typeof payload.tv !== 'number') {
        throw new AppError('ERR_UNAUTHORIZED');
      }
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('ERR_TOKEN_EXPIRED');
      throw new AppError('ERR_UNAUTHORIZED');
    }
  }

  /**
   * The token check's read of the user (and of the page it carries). On PostgreSQL the checks of the
   * requests that arrive while earlier ones are out go together in one statement
   * (docs/decisions/0027-batched-token-checks.md); on SQLite, whose statements cost no round trip, each
   * reads its own.
   */
  async function readTokenUser(call: TokenCheckCall): Promise<TokenCheckAnswer> {
    const handle = ctx.database;
    const { db, dialect } = handle;
    if (dialect === 'postgres') {
      // Made at the first check: a context that only signs tokens (the benchmarks) has no database.
      const batched = batcherOf(handle, 'token checks', () =>
        createStatementBatcher(
          (calls: readonly TokenCheckCall[]) => findUsersForTokenChecks(db, calls),
          STATEMENT_BATCHING,
        ),
      );
      return batched(call);
    }
    if (!call.page) return { user: await findUserWithCurrentAddress(db, call.userId) };
    const withPage = await findUserWithCurrentAddressAndPage(db, dialect, call.userId, call.page);
    return withPage ?? { user: undefined };
  }

  // One token check per request: a route that reads the token again (or the scope's hook and a
  // handler) shares the answer instead of reading the user twice.
  const identified = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  function identify(request: FastifyRequest): Promise<AuthUser | null> {
    let answer = identified.get(request);
    if (!answer) {
      answer = readToken(request);
      identified.set(request, answer);
    }
    return answer;
  }

  async function readToken(request: FastifyRequest): Promise<AuthUser | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1] || match[1] === 'null' || match[1] === 'undefined') return null;
    return (await userOf(match[1], request)).user;
  }

  async function userOf(
    token: string,
    request?: FastifyRequest,
  ): Promise<{ user: AuthUser; claims: TokenClaims }> {
    const claims = await verifyToken(token);
    // The user with its current address, customers and assortments (revocation, disabling, and what
    // the request's acting customer and catalogue pricing are made of: acting-customer.service.ts),
    // with the live data of the listing page the route expects to answer, if it names one.
    const page = request?.routeOptions.config.tokenCheckPage?.(request, claims.userId);
    const { user, live } = await readTokenUser({ userId: claims.userId, page });
    if (!user || user.token_version !== claims.tv || user.is_disabled === 1 || user.is_active !== 1) {
      throw new AppError('ERR_TOKEN_REVOKED');
    }
    const authUser: AuthUser = {
      userId: user.id,
      customerId: user.customer_id,
      isAgent: user.role === 'agent',
      role: user.role,
      companyRole: user.role === 'customer' ? user.company_role : null,
      mustChangePassword: user.must_change_password === 1,
      tokenVersion: user.token_version,
    };
    rememberTokenCheckRow(authUser, user, page && live ? { page, live } : undefined);
    return { claims, user: authUser };
  }

  async function checkShopToken(token: string): Promise<{ user: AuthUser; claims: TokenClaims } | null> {
    try {
      const checked = await userOf(token);
      const { role, mustChangePassword } = checked.user;
      return role === 'admin' || role === 'staff' || mustChangePassword ? null : checked;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** Administrators and staff use the back office only: their tokens are refused by shop routes. */
  function refuseStaffInShop(user: AuthUser): void {
    if (user.role === 'admin' || user.role === 'staff') throw new AppError('ERR_FORBIDDEN');
  }

  function checkForcedChange(request: FastifyRequest, user: AuthUser): void {
    if (user.mustChangePassword && !request.routeOptions.config.allowWhenPasswordChangeRequired) {
      throw new AppError('ERR_PASSWORD_CHANGE_REQUIRED');
    }
  }

  async function required(request: FastifyRequest): Promise<void> {
    const user = await identify(request);
    if (!user) throw new AppError('ERR_UNAUTHORIZED');
    refuseStaffInShop(user);
    checkForcedChange(request, user);
    request.auth = user;
  }

  async function optional(request: FastifyRequest): Promise<void> {
    const user = await identify(request);
    if (user) {
      refuseStaffInShop(user);
      checkForcedChange(request, user);
    }
    request.auth = user;
  }

  return {
    checkShopToken,
    async sign(user, keepLoggedIn) {
      const seconds = keepLoggedIn ? LONG_TOKEN_SECONDS : SHORT_TOKEN_SECONDS;
      const issuedAt = Math.floor(ctx.now().getTime() / 1000);
      return new SignJWT({
        isAgent: user.isAgent,
        id: user.customerId,
        userId: user.userId,
        tv: user.tokenVersion,
        role: user.role,
        companyRole: user.role === 'customer' ? (user.companyRole ?? null) : null,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + seconds)
        .sign(key);
    },
    identify,
    required,
    optional,
  };
}
