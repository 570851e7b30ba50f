import type { FastifyRequest } from 'fastify';

/**
 * What reaches the log (decision 008): secrets and personal data never do. Three things used to
 * carry them into error lines, so the logger's own serializers take care of them for every log
 * call in the app (`{err}` and `{req}` keys), whoever writes the call:
 * - Drizzle's query errors put the bound parameters (e-mail addresses, argon2 hashes, names)
 *   into their message, their stack's first line and a `params` field;
 * - PostgreSQL's messages and details quote the offending value ("Key (lower(email))=(…)",
 *   `invalid input syntax for type uuid: "…"`);
 * - page URLs carry tokens in their query (`/auth/reset-password?token=…`).
 */

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  /** SQLSTATE for database errors, Fastify's or Node's code otherwise. */
  code?: string;
  /** The statement text with its `$n` placeholders, never the parameters. */
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  cause?: SafeError;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;
// Words after which PostgreSQL quotes a name of ours (useful), not a value (personal data).
const IDENTIFIER_BEFORE_QUOTE =
  /\b(relation|constraint|column|table|index|type|function|schema|sequence|database|role|extension|trigger|operator|encoding|enum)\s*$/i;
const MAX_CAUSE_DEPTH = 5;
// Libraries quote addresses in their messages (an SMTP server rejecting a recipient).
const EMAIL_ADDRESS = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string';
}

function stringField(error: ErrorLike, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = error[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** A PostgreSQL server error, from postgres.js (PostgresError) or PGlite (DatabaseError). */
export function isDatabaseError(error: unknown): error is ErrorLike & { code: string } {
  return (
    isErrorLike(error) &&
    typeof error.code === 'string' &&
    SQLSTATE.test(error.code) &&
    (typeof error.severity === 'string' || typeof error.routine === 'string')
  );
}

/** Replaces every double-quoted value in a PostgreSQL message, keeping quoted names of relations, columns, constraints. */
export function redactDatabaseMessage(message: string): string {
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, _inner: string, offset: number) =>
    IDENTIFIER_BEFORE_QUOTE.test(message.slice(0, offset)) ? quoted : '"[redacted]"',
  );
}

/** The stack frames only: the first lines of a stack repeat the message, parameters and all. */
function framesOf(error: ErrorLike): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

function serialize(error: ErrorLike, depth: number): SafeError {
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  const safe: SafeError = { type: type || 'Error', message: error.message.replace(EMAIL_ADDRESS, '[email]') };
  if (isDatabaseError(error)) {
    // Detail, hint and "where" quote row values; the code and the names are what we act on.
    safe.message = redactDatabaseMessage(safe.message);
    safe.code = error.code;
    const table = stringField(error, 'table_name', 'table');
    const column = stringField(error, 'column_name', 'column');
    const constraint = stringField(error, 'constraint_name', 'constraint');
    if (table) safe.table = table;
    if (column) safe.column = column;
    if (constraint) safe.constraint = constraint;
  } else if (typeof error.query === 'string' && 'params' in error) {
    // DrizzleQueryError: "Failed query: <sql>\nparams: <values>". Keep the SQL, drop the values.
    safe.message = 'Failed query';
    safe.query = error.query;
  } else if (typeof error.code === 'string') {
    safe.code = error.code;
  }
  const frames = framesOf(error);
  if (frames) safe.stack = `${safe.type}: ${safe.message}\n${frames}`;
  if (depth < MAX_CAUSE_DEPTH && isErrorLike(error.cause)) safe.cause = serialize(error.cause, depth + 1);
  return safe;
}

/** The `err` serializer of every log line: type, a message without values, frames, cause chain. */
export function serializeError(error: unknown): SafeError & { stack: string; [key: string]: unknown } {
  // Something thrown that is not an Error (`throw {email}`) is not printed at all.
  if (!isErrorLike(error)) return { type: typeof error, message: '[a thrown value that is not an Error]', stack: '' };
  const safe = serialize(error, 0);
  return { ...safe, stack: safe.stack ?? '' };
}

/** A path and its query's parameter names; every value is replaced (tokens, e-mails, searches). */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const names = [...params.keys()].map((name) => `${encodeURIComponent(name)}=[redacted]`);
  return names.length > 0 ? `${path}?${names.join('&')}` : path;
}

/** Fastify's request summary, with the URL's query values left out. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export const logSerializers = { err: serializeError, req: serializeRequest };
