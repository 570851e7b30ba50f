import { AppError, HttpErrorMessage, ValidationMessage } from '@everdeal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseError } from './logging';
import { RateLimitedError } from './rate-limit';

type ErrorBody = { code: number; msg: string; data: null };

function body(status: number, msg: string): ErrorBody {
  return { code: status, msg, data: null };
}

/** The first issue of a zod error as one sentence a user can act on: "pageSize: must be ...". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return HttpErrorMessage[422];
  const field = issue.path.join('.');
  return field && !isCompleteSentence(issue.message) ? `${field}: ${issue.message}` : issue.message;
}

/**
 * The requirements' own messages (docs/requirements.md) ("Quantity cannot be negative", "Email is required") are sentences a
 * user reads as they are. Fragments ("must be at most 60"), the generic texts of requirements §5 ("This
 * field is required") and zod's defaults ("Invalid input: ...", "Too big: ...") only make sense
 * with the field they are about, so those get the field's name in front.
 */
function isCompleteSentence(message: string): boolean {
  if (!/^[A-Z]/.test(message)) return false;
  if (message === ValidationMessage.required || message === ValidationMessage.invalidFormat) return false;
  return !/^(Invalid|Too (big|small)|Expected)\b/.test(message);
}

/**
 * The database error behind an error, if any: Drizzle wraps the driver's error as its `cause`,
 * and callers may wrap again.
 */
export function databaseErrorIn(error: unknown): { code: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (isDatabaseError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATE class 22, "data exception": a value the column cannot hold (an integer out of range, a
 * NUL character, a malformed uuid, a string too long). Requirements §8: no input answers 5xx. The
 * schemas refuse such values first, with a message naming the field; this is the net under them
 * for a route whose schema is looser than its columns, logged as a warning so the schema is fixed.
 */
export function isDataException(error: unknown): boolean {
  return databaseErrorIn(error)?.code.startsWith('22') ?? false;
}

/**
 * Maps every error to the envelope and status of requirements §8. AppErrors carry their own status and
 * a message safe to show; zod errors become 422; Fastify's own client errors (malformed JSON,
 * body too large) keep their 4xx status; a value the database refuses is a 400; anything else is
 * logged and answered with a bare 500.
 */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody; isUnexpected: boolean } {
  if (error instanceof AppError)
    return { status: error.status, body: body(error.status, error.message), isUnexpected: false };
  if (error instanceof z.ZodError)
    return { status: 422, body: body(422, describeZodError(error)), isUnexpected: false };
  // `throw null` and `throw undefined` are possible in JavaScript and must still become a 500.
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 429) return { status, body: body(429, HttpErrorMessage[429]), isUnexpected: false };
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return { status: 400, body: body(400, 'Malformed JSON in request body'), isUnexpected: false };
    }
    const known = HttpErrorMessage[status as keyof typeof HttpErrorMessage];
    return { status, body: body(status, known ?? HttpErrorMessage[400]), isUnexpected: false };
  }
  if (isDataException(error)) return { status: 400, body: body(400, HttpErrorMessage[400]), isUnexpected: false };
  return { status: 500, body: body(500, HttpErrorMessage[500]), isUnexpected: true };
}

export function registerErrorHandling(app: FastifyInstance) {
  // Fastify's own 404 logs the raw URL, query and all (decision 008); ours does not. With pages
  // on, the pages' catch-all answers first, so this is for methods it does not take.
  app.setNotFoundHandler(sendApiNotFound);
  app.setErrorHandler((error, request, reply) => {
    const { status, body: errorBody, isUnexpected } = toErrorReply(error);
    // The logger's `err` serializer (plugins/logging.ts) keeps values and parameters out of the line.
    if (isUnexpected) request.log.error({ err: error }, 'unexpected error');
    else if (isDataException(error)) request.log.warn({ err: error, status }, 'the database refused a value');
    else request.log.info({ status, msg: errorBody.msg }, 'request failed');
    // RFC 9110 §10.2.3: tells well-behaved clients how long to back off.
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    // A server error names its request, so the person can quote it and support find its log lines.
    if (status >= 500)
      return reply.status(status).send({ ...errorBody, msg: `${errorBody.msg} (request id ${request.id})` });
    return reply.status(status).send(errorBody);
  });
}

/** The JSON 404 for unknown `/api/*` paths (and unsupported methods on them). */
export function sendApiNotFound(
  _request: unknown,
  reply: { status(code: number): { send(body: ErrorBody): unknown } },
) {
  return reply.status(404).send(body(404, HttpErrorMessage[404]));
}
