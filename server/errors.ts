import { apiErrors, type ErrorCode, type ErrorCodeWithStatus, type ErrorStatus } from '../common/error-codes.ts';

/**
 * An error a service raises on purpose; the error handler turns it into `{ code, message }`. The code
 * must be declared in common/error-codes.ts, and the status must be the one declared with it.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: ErrorStatus<C>,
    readonly code: C,
    message: string = apiErrors[code].message,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);

/** The request clashes with the record's state (already paid, out of stock, changed meanwhile). */
export const conflict = (message: string, code: ErrorCodeWithStatus<409> = 'CONFLICT') => new AppError(409, code, message);
