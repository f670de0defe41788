import { ERROR_STATUS, type ErrorCode, type ErrorParams } from '@shop/shared/errors/error-codes';

/** The one error type services throw; the error handler turns it into `{ error, params }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly statusCode: number;

  constructor(code: ErrorCode, params?: ErrorParams, statusCode?: number) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.statusCode = statusCode ?? ERROR_STATUS[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
