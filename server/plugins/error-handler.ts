import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiErrors, type ErrorCode } from '../../common/error-codes.ts';
import type { ApiError } from '../../common/schemas/errors.ts';
import { AppError } from '../errors.ts';

/** The code of a status, for Fastify's own client errors and its plugins', which come without one of ours. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** Turns a request-validation failure into one sentence naming each field and what is wrong with it. */
function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const problems = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return `Invalid request. ${problems.join('; ')}`;
}

/**
 * One error handler for the whole API: every failure answers `{ code, message }` with a fitting
 * status. Unexpected errors are logged with the request id and answered without stack or SQL.
 */
export const errorHandler = fp(
  (app, _options, loaded) => {
    app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
      let status: number;
      let body: ApiError;
      if (error instanceof AppError) {
        status = error.statusCode;
        body = { code: error.code, message: error.message };
      } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        status = 400;
        body = { code: 'VALIDATION_FAILED', message: describeValidation(error) };
      } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
        // Fastify's own client errors (bad JSON, body too large, wrong content type) and plugin errors such as 429.
        status = error.statusCode;
        body = { code: codeByStatus[status] ?? 'VALIDATION_FAILED', message: error.message };
      } else {
        request.log.error({ err: error }, 'unhandled error');
        status = 500;
        body = { code: 'INTERNAL_ERROR', message: apiErrors.INTERNAL_ERROR.message };
      }
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
    loaded();
  },
  { name: 'error-handler', fastify: '5.x' },
);
