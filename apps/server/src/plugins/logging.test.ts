import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactDatabaseMessage, redactUrl, serializeError } from './logging';

/** The shape of a PostgreSQL error as postgres.js and PGlite build it. */
function databaseError(message: string, fields: Record<string, string>) {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('redactDatabaseMessage', () => {
  it.each([
    ['value "2147483648" is out of range for type integer', 'value "[redacted]" is out of range for type integer'],
    ['invalid input syntax for type uuid: "not-a-uuid"', 'invalid input syntax for type uuid: "[redacted]"'],
    [
      'duplicate key value violates unique constraint "users_email_lower_key"',
      'duplicate key value violates unique constraint "users_email_lower_key"',
    ],
    ['relation "secret_table" does not exist', 'relation "secret_table" does not exist'],
    ['column "x" of relation "users" does not exist', 'column "x" of relation "users" does not exist'],
    ['invalid byte sequence for encoding "UTF8": 0x00', 'invalid byte sequence for encoding "UTF8": 0x00'],
  ])('%s', (message, expected) => {
    expect(redactDatabaseMessage(message)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('keeps the SQL of a Drizzle query error and drops its parameters, wherever they appear', () => {
    const cause = databaseError('duplicate key value violates unique constraint "users_email_lower_key"', {
      code: '23505',
      detail: 'Key (lower(email))=(ada@example.com) already exists.',
      constraint_name: 'users_email_lower_key',
      table_name: 'users',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$hash'],
      cause,
    );
    const safe = serializeError(error);
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: '23505', constraint: 'users_email_lower_key', table: 'users' },
    });
    expect(safe.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
    const text = JSON.stringify(safe);
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('argon2');
  });

  it('replaces e-mail addresses that a library put in its message', () => {
    const safe = serializeError(new Error("Can't send mail - all recipients were rejected: 550 <ada@example.com>"));
    expect(safe.message).toBe("Can't send mail - all recipients were rejected: 550 <[email]>");
  });

  it('does not print a thrown value that is not an Error', () => {
    const safe = serializeError({ email: 'ada@example.com' });
    expect(JSON.stringify(safe)).not.toContain('ada@example.com');
  });

  it('keeps the code of a Node or Fastify error', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    expect(serializeError(error)).toMatchObject({ type: 'Error', code: 'ECONNREFUSED' });
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/users/login', '/api/users/login'],
    ['/auth/reset-password?token=abc', '/auth/reset-password?token=[redacted]'],
    ['/search?q=my+name&page=2', '/search?q=[redacted]&page=[redacted]'],
    ['/products/x?', '/products/x'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
