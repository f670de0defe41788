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
      return send(reply, error.statusCode, 'ERR_VALIDATION', undefined, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'ERR_INTERNAL');
  });
}
