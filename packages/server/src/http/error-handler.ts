import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorParams } from '@shop/shared/errors/error-codes';
import { ERROR_STATUS } from '@shop/shared/errors/error-codes';
import { isAppError } from './app-error';

function send(reply: FastifyReply, status: number, code: ErrorCode, params?: ErrorParams, message?: string) {
  const body: ErrorBody = { error: code };
  if (message) body.message = message;
  if (params && Object.keys(params).length > 0) body.params = params;
  return reply.status(status).send(body);
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'ERR_BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ERR_BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'ERR_PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ERR_BAD_JSON',
  FST_ERR_VALIDATION: 'ERR_VALIDATION',
  FST_ERR_NOT_FOUND: 'ERR_ROUTE_NOT_FOUND',
};

/**
 * Errors the router raises before any route or hook runs (a URL that does not decode, a path
 * parameter over maxParamLength): the same `{ error, message }` shape instead of Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, 'ERR_VALIDATION', { field: 'url' }, error.message);
}

/** One handler for every error: a stable code, the right status, no internals on 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.statusCode, error.code, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = first ? `${where}${first.instancePath.replaceAll('/', '.')}` : where;
      return send(reply, 400, 'ERR_VALIDATION', { field }, first?.message ?? 'invalid input');
    }
    if (error.statusCode === 429) {
      return send(reply, 429, 'ERR_RATE_LIMITED');
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(reply, ERROR_STATUS[mapped], mapped, undefined, error.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // e.g. @fastify/static refusing a path that climbs out of its folder (403).
      const code: ErrorCode =
        error.statusCode === 403
          ? 'ERR_FORBIDDEN'
          : error.statusCode === 404
            ? 'ERR_ROUTE_NOT_FOUND'
            : 'ERR_VALIDATION';
      return send(reply, error.statusCode, code, undefined, error.message);
    }
    if (isUnstorableText(error)) {
      // Text PostgreSQL cannot hold (a NUL byte, SQLSTATE 22021 / 22P05): the input's fault.
      return send(reply, 400, 'ERR_VALIDATION', undefined, 'text with a character that cannot be stored');
    }
    if (isDatabaseUnavailable(error)) {
      // The database went away (restart, network): a retryable 503, not a 500.
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, 'ERR_SERVICE_UNAVAILABLE', { reason: 'database' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'ERR_INTERNAL');
  });
}

function isUnstorableText(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === '22021' || code === '22P05';
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Errors that mean "the database cannot be reached right now" rather than a fault in the request:
 * a refused or broken connection, PostgreSQL's connection exceptions (SQLSTATE class 08) and
 * shutdown states (57P01–57P03), pg's pool and connect time-outs, SQLite still locked after its
 * busy time-out.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code) || code === 'SQLITE_BUSY')
      return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
    error.message,
  );
}
