import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiError, errorCodes } from '../../common/schemas/errors.ts';
import { AppError } from '../errors.ts';

const codeByStatus: Record<number, string> = {
  400: errorCodes.validation,
  401: errorCodes.unauthenticated,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
  429: errorCodes.rateLimited,
  503: errorCodes.unavailable,
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
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    let status: number;
    let body: ApiError;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      status = 400;
      body = { code: errorCodes.validation, message: describeValidation(error) };
    } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) and plugin errors such as 429.
      status = error.statusCode;
      body = { code: codeByStatus[status] ?? errorCodes.validation, message: error.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { code: errorCodes.internal, message: 'Something went wrong on our side. Please try again.' };
    }
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
