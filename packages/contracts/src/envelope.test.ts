import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, envelopeSchema, ok, SUCCESS_CODE } from './envelope';
import { AppError, ErrorCode } from './errors';
import { HttpErrorMessage } from './messages';

describe('ok()', () => {
  it('wraps data in the envelope with code 0 and msg "success"', () => {
    expect(ok({ a: 1 })).toEqual({ code: 0, msg: 'success', data: { a: 1 } });
    expect(SUCCESS_CODE).toBe(0);
  });

  it('takes a custom message and keeps null data', () => {
    expect(ok(null, 'Saved')).toEqual({ code: 0, msg: 'Saved', data: null });
  });

  it('matches envelopeSchema of its data', () => {
    const schema = envelopeSchema(z.object({ n: z.number() }));
    expect(schema.parse(ok({ n: 2 }))).toEqual({ code: 0, msg: 'success', data: { n: 2 } });
    expect(() => schema.parse({ code: 0, msg: 'success', data: { n: 'x' } })).toThrow();
  });

  it('error envelopes carry data null', () => {
    expect(ErrorEnvelopeSchema.parse({ code: 404, msg: 'x', data: null })).toBeTruthy();
    expect(() => ErrorEnvelopeSchema.parse({ code: 404, msg: 'x', data: {} })).toThrow();
  });
});

describe('AppError', () => {
  const expected: [number, string][] = [
    [400, 'Invalid request data'],
    [401, 'User not logged in'],
    [403, 'You do not have permission to perform this action'],
    [404, 'Requested resource not found'],
    [422, 'Data validation failed'],
    [429, 'Too many requests, please try again later'],
    [500, 'Server error, please try again later'],
  ];

  it.each(expected)('status %i defaults to requirements §8 message "%s"', (status, message) => {
    const error = new AppError(status as keyof typeof HttpErrorMessage);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.name).toBe('AppError');
    expect(error).toBeInstanceOf(Error);
  });

  it('static helpers set the status and default message', () => {
    expect(AppError.badRequest()).toMatchObject({ status: 400, message: 'Invalid request data' });
    expect(AppError.unauthorized()).toMatchObject({ status: 401, message: 'User not logged in' });
    expect(AppError.forbidden()).toMatchObject({
      status: 403,
      message: 'You do not have permission to perform this action',
    });
    expect(AppError.notFound()).toMatchObject({ status: 404, message: 'Requested resource not found' });
    expect(AppError.validation()).toMatchObject({ status: 422, message: 'Data validation failed' });
    expect(AppError.rateLimited()).toMatchObject({ status: 429, message: 'Too many requests, please try again later' });
  });

  it('keeps a custom message and a cause', () => {
    const cause = new Error('db down');
    const error = new AppError(404, 'Product not found', { cause });
    expect(error.message).toBe('Product not found');
    expect(error.cause).toBe(cause);
    expect(AppError.notFound('Product not found').message).toBe('Product not found');
  });

  it('error codes repeat the HTTP status', () => {
    for (const status of Object.values(ErrorCode)) expect(HttpErrorMessage[status]).toBeTruthy();
  });
});
