import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, HTTP_STATUS, INTERNAL_ERROR, isAppError, type ErrorBody, type ErrorCode } from '../../src/domain/errors.ts';
import { jsonTextProblem } from '../../src/domain/validation/text.ts';
import { AUTH_FAILURES } from '../../src/domain/validation/auth.ts';

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.code(HTTP_STATUS[code]).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) as readable messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request has an invalid Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'The request has an invalid Content-Type.',
};

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request body is not valid.';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Maps every thrown error to `{ error: { code, message } }`; only unknown errors are 500. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isAppError(error)) return sendError(reply, error.code, error.message);
  if (error instanceof z.ZodError) return sendError(reply, 'invalid-argument', describeZodError(error));
  const fe = error as Partial<FastifyError>;
  if (fe.code && FASTIFY_CLIENT_ERRORS[fe.code]) return sendError(reply, 'invalid-argument', FASTIFY_CLIENT_ERRORS[fe.code]);
  if (fe.statusCode === 429) return sendError(reply, 'resource-exhausted', TOO_MANY_REQUESTS);
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return sendError(reply, 'invalid-argument', 'The request is not valid.');
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, 'internal', INTERNAL_ERROR);
}

export const TOO_MANY_REQUESTS = AUTH_FAILURES.tooManyAttempts;

/**
 * Validates a body with zod, turning a missing or non-object body into the same coded 400. Every
 * JSON route reads its body here, so this is also where text the database cannot store (NUL, lone
 * surrogates) is refused, in any field, before any route looks at it.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid-argument', 'The request body must be a JSON object.');
  }
  const textProblem = jsonTextProblem(body);
  if (textProblem) throw new AppError('invalid-argument', textProblem);
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError('invalid-argument', describeZodError(result.error));
  return result.data;
}
