import { errorCodes } from '../common/schemas/errors.ts';

/** An error a service raises on purpose; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new AppError(404, errorCodes.notFound, message);

/** The request clashes with the record's state (already paid, out of stock, changed meanwhile). */
export const conflict = (message: string, code: string = errorCodes.conflict) => new AppError(409, code, message);
