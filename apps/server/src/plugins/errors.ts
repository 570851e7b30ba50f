import { AppError, HttpErrorMessage, ValidationMessage } from '@everdeal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
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
 * The spec's own messages ("Quantity cannot be negative", "Email is required") are sentences a
 * user reads as they are. Fragments ("must be at most 60"), the spec's generic texts ("This
 * field is required") and zod's defaults ("Invalid input: ...", "Too big: ...") only make sense
 * with the field they are about, so those get the field's name in front.
 */
function isCompleteSentence(message: string): boolean {
  if (!/^[A-Z]/.test(message)) return false;
  if (message === ValidationMessage.required || message === ValidationMessage.invalidFormat) return false;
  return !/^(Invalid|Too (big|small)|Expected)\b/.test(message);
}

/**
 * Maps every error to the envelope and status of spec §8. AppErrors carry their own status and
 * a message safe to show; zod errors become 422; Fastify's own client errors (malformed JSON,
 * body too large) keep their 4xx status; anything else is logged and answered with a bare 500.
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
  return { status: 500, body: body(500, HttpErrorMessage[500]), isUnexpected: true };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { status, body: errorBody, isUnexpected } = toErrorReply(error);
    if (isUnexpected) request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ status, msg: errorBody.msg }, 'request failed');
    // RFC 9110 §10.2.3: tells well-behaved clients how long to back off.
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
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
