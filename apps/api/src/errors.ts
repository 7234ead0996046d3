import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | (string & {});

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The one error type services throw; the handler below turns it into the JSON of docs/architecture.md#api-conventions. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number = 400,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(fields: Record<string, string>, message?: string): AppError {
    return new AppError('VALIDATION_FAILED', message ?? Object.values(fields)[0] ?? 'Invalid input', 400, fields);
  }
  static unauthenticated(message = 'Authentication required'): AppError {
    return new AppError('UNAUTHENTICATED', message, 401);
  }
  static forbidden(message = 'You do not have permission to do this'): AppError {
    return new AppError('FORBIDDEN', message, 403);
  }
  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message, 404);
  }
  static conflict(code: ErrorCode, message: string): AppError {
    return new AppError(code, message, 409);
  }
  /** A limit counted by the service itself (a pledge's, decision 119), answered as @fastify/rate-limit's are. */
  static rateLimited(retryAfterMs: number): AppError {
    return new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, 429, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
  }
}

const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/** First message per field, keyed by the dotted path. */
export function fieldsFromZod(error: Pick<ZodError, 'issues'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorBody(status: number, code: string, message: string, fields?: Record<string, string>, errorId?: string) {
  return {
    success: false as const,
    error: message,
    message,
    code,
    ...(fields ? { fields } : {}),
    ...(errorId ? { errorId } : {}),
    statusText: STATUS_TEXT[status] ?? 'Error',
  };
}

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone surrogate (\\uD800 to \\uDFFF without its pair) is not allowed';

/** No payload of the API nests deeper than a few levels; this leaves ample room and refuses a stack-exhausting body early. */
export const MAX_JSON_DEPTH = 64;

export const NESTING_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/** With the u flag a surrogate pair is one code point, so this matches only a surrogate without its pair. */
const LONE_SURROGATE = /\p{Surrogate}/u;

type TextFault = 'nul' | 'surrogate' | 'depth' | null;

/**
 * The first fault of a value's text, walked with an explicit stack rather than recursion, so a body of
 * thousands of nested arrays is refused with a 400 instead of overflowing the call stack: a NUL,
 * which PostgreSQL text cannot store; a lone surrogate, which jsonb refuses; nesting past MAX_JSON_DEPTH.
 * A NUL anywhere wins over a surrogate, as each value is checked for a NUL before its surrogates.
 */
function textFault(values: unknown[]): TextFault {
  const pending: { value: unknown; depth: number }[] = values.map((value) => ({ value, depth: 0 }));
  let surrogate = false;
  let tooDeep = false;
  const checkText = (text: string): boolean => {
    if (text.includes('\u0000')) return true;
    surrogate ||= LONE_SURROGATE.test(text);
    return false;
  };
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (checkText(value)) return 'nul';
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        tooDeep = true;
        continue;
      }
      const entries = Array.isArray(value) ? value.map((child) => ['', child] as const) : Object.entries(value);
      for (const [key, child] of entries) {
        if (checkText(key)) return 'nul';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return tooDeep ? 'depth' : surrogate ? 'surrogate' : null;
}

/**
 * Refuses text no column can keep, wherever it arrives (query, path, JSON body, multipart field,
 * JSON inside a multipart field): PostgreSQL text cannot store a NUL, and jsonb refuses a lone
 * surrogate, so either would otherwise fail as a 500 in the middle of a write. A value nested past
 * MAX_JSON_DEPTH is refused too, before any route reads it.
 */
export function assertStorableText(...values: unknown[]): void {
  const fault = textFault(values);
  if (fault === 'nul') throw new AppError('NUL_CHARACTER', NUL_MESSAGE, 400);
  if (fault === 'depth') throw new AppError('NESTED_TOO_DEEPLY', NESTING_MESSAGE, 400);
  if (fault === 'surrogate') throw new AppError('INVALID_UNICODE', LONE_SURROGATE_MESSAGE, 400);
}

/** preValidation hook: unstorable text in the query, the path or a JSON body is a 400 on every route (multipart fields: readMultipart). */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  assertStorableText(request.query, request.params, request.body);
}

/**
 * What the log keeps of an unexpected error: its type, message, code and stack without the SQL
 * parameters (password hashes, e-mail addresses) a failed query carries, nor the database's detail
 * line that repeats the offending values.
 */
export function redactedError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const err = error as { name?: string; message?: string; stack?: string; code?: string; cause?: { code?: string; message?: string } };
  const causeMessage = err.cause?.message ? ` (cause: ${withoutParams(err.cause.message)})` : '';
  return {
    type: err.name ?? 'Error',
    message: withoutParams(String(err.message ?? error)) + causeMessage,
    ...(err.code || err.cause?.code ? { code: err.code ?? err.cause?.code } : {}),
    ...(err.stack ? { stack: withoutParams(err.stack) } : {}),
  };
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database cannot be reached right now. Please try again in a moment.';

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: terminated, shutting
// down, cannot connect now), and too many connections.
const LOST_CONNECTION_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const LOST_CONNECTION_MESSAGES = /Connection terminated|not queryable|terminating connection|Connection ended unexpectedly/i;

/** True when an error (or its cause, as drizzle wraps driver errors) means the database connection was lost or refused. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && LOST_CONNECTION_CODES.has(current.code)) return true;
    if (typeof current.message === 'string' && LOST_CONNECTION_MESSAGES.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Errors the router raises before any route runs (414 on a long parameter, 400 on a bad URL), in the one JSON shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message = status === 414 ? 'The URL is too long' : error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : error.message || 'Bad Request';
  void reply.status(status).send(errorBody(status, status === 414 ? 'URI_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'BAD_REQUEST', message));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(errorBody(error.status, error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const item of error.validation) {
        const key = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= item.message ?? 'Invalid value';
      }
      const message = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send(errorBody(400, 'VALIDATION_FAILED', message, fields));
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status === 429) {
      const message = fastifyError.message && !fastifyError.message.startsWith('Rate limit exceeded') ? fastifyError.message : RATE_LIMITED_MESSAGE;
      return reply.status(429).send(errorBody(429, 'RATE_LIMITED', message));
    }
    if (status === 413 || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody(413, 'PAYLOAD_TOO_LARGE', 'The upload is too large'));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send(errorBody(400, 'MALFORMED_JSON', 'The request body is not valid JSON'));
    }
    if (status >= 400 && status < 500) {
      const code = fastifyError.code?.startsWith('FST_') ? 'BAD_REQUEST' : (fastifyError.code ?? 'BAD_REQUEST');
      return reply.status(status).send(errorBody(status, code, fastifyError.message || STATUS_TEXT[status] || 'Bad Request'));
    }
    const errorId = randomUUID();
    if (isDatabaseUnavailable(error)) {
      // The pool replaces the lost connection on its next use: the caller may simply retry.
      const { type, message, code } = redactedError(error);
      request.log.warn({ err: { type, message, code }, errorId }, 'database connection lost');
      void reply.header('retry-after', '2');
      return reply.status(503).send(errorBody(503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, undefined, errorId));
    }
    request.log.error({ err: redactedError(error), errorId }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'INTERNAL', 'Internal Server Error', undefined, errorId));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
