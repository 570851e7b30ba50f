import { AppError, HttpErrorMessage } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError, toErrorReply } from './errors';

describe('toErrorReply', () => {
  it.each([400, 401, 403, 404, 422, 429, 500] as const)(
    'AppError %i keeps its status and default message',
    (status) => {
      expect(toErrorReply(new AppError(status))).toEqual({
        status,
        body: { code: status, msg: HttpErrorMessage[status], data: null },
        isUnexpected: false,
      });
    },
  );

  it('AppError keeps a custom message', () => {
    expect(toErrorReply(AppError.notFound('Product not found')).body).toEqual({
      code: 404,
      msg: 'Product not found',
      data: null,
    });
  });

  it('ZodError becomes 422 with "field: message"', () => {
    const schema = z.object({ pageSize: z.number().max(60, 'must be at most 60') });
    const result = schema.safeParse({ pageSize: 1000 });
    if (result.success) throw new Error('expected a failure');
    expect(toErrorReply(result.error)).toEqual({
      status: 422,
      body: { code: 422, msg: 'pageSize: must be at most 60', data: null },
      isUnexpected: false,
    });
  });

  it('nested paths are dotted; a root issue has no field prefix', () => {
    const nested = z.object({ a: z.object({ b: z.string('must be text') }) }).safeParse({ a: { b: 1 } });
    if (nested.success) throw new Error('expected a failure');
    expect(describeZodError(nested.error)).toBe('a.b: must be text');
    const root = z.string('must be text').safeParse(1);
    if (root.success) throw new Error('expected a failure');
    expect(describeZodError(root.error)).toBe('must be text');
  });

  it('a ZodError without issues falls back to "Data validation failed"', () => {
    expect(toErrorReply(new z.ZodError([])).body.msg).toBe('Data validation failed');
  });

  it('Fastify malformed JSON becomes 400 "Malformed JSON in request body"', () => {
    const error = Object.assign(new SyntaxError('Unexpected token'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(toErrorReply(error)).toEqual({
      status: 400,
      body: { code: 400, msg: 'Malformed JSON in request body', data: null },
      isUnexpected: false,
    });
  });

  it('other Fastify 4xx keep their status with the catalogue message, or 400 text', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(toErrorReply(tooLarge)).toEqual({
      status: 413,
      body: { code: 413, msg: 'Invalid request data', data: null },
      isUnexpected: false,
    });
    const notFound = Object.assign(new Error('x'), { statusCode: 404 });
    expect(toErrorReply(notFound).body.msg).toBe('Requested resource not found');
    const rateLimited = Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
    expect(toErrorReply(rateLimited).body).toEqual({
      code: 429,
      msg: 'Too many requests, please try again later',
      data: null,
    });
  });

  it('an unknown error becomes a bare 500 flagged unexpected, without its message', () => {
    const reply = toErrorReply(new Error('relation "secret_table" does not exist'));
    expect(reply).toEqual({
      status: 500,
      body: { code: 500, msg: 'Server error, please try again later', data: null },
      isUnexpected: true,
    });
  });

  it('non-Error throws and 5xx Fastify errors are 500 too', () => {
    expect(toErrorReply('boom').status).toBe(500);
    expect(toErrorReply(undefined).status).toBe(500);
    expect(toErrorReply(Object.assign(new Error('x'), { statusCode: 503 })).status).toBe(500);
  });
});

describe('describeZodError: field names only where the message needs one', () => {
  const messageFor = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a validation failure');
    return describeZodError(result.error);
  };

  it('passes the requirements’ sentences through verbatim', () => {
    const schema = z.object({ quantity: z.number().min(0, 'Quantity cannot be negative') });
    expect(messageFor(schema, { quantity: -1 })).toBe('Quantity cannot be negative');
  });

  it('names the field for fragments, generic texts and zod defaults', () => {
    expect(messageFor(z.object({ pageSize: z.number().max(60, 'must be at most 60') }), { pageSize: 61 })).toBe(
      'pageSize: must be at most 60',
    );
    expect(messageFor(z.object({ slug: z.string().min(1, 'This field is required') }), { slug: '' })).toBe(
      'slug: This field is required',
    );
    expect(messageFor(z.object({ slug: z.string() }), {})).toMatch(/^slug: Invalid input/);
  });
});
