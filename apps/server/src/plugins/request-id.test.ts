import { HttpErrorMessage } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { requestIdOf } from './request-id';

let t: TestApp;
const logLines: string[] = [];
const linesOf = (id: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.requestId === id);

beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => logLines.push(line) },
    beforeReady: (app) => {
      app.post('/api/test/crash', async (request) => {
        request.log.info('about to fail');
        throw new Error('boom');
      });
    },
  });
});
afterAll(() => t.close());

describe('request ids', () => {
  it('keeps the proxy’s id, answers it and logs it on every line of the request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'proxy-7f3a.91:2' },
      payload: {},
    });
    expect(response.headers['x-request-id']).toBe('proxy-7f3a.91:2');
    const lines = linesOf('proxy-7f3a.91:2');
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'about to fail', 'unexpected error', 'request completed']),
    );
  });

  it('names the request in a server error’s message, after the message of requirements §8', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/crash', payload: {} });
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: `${HttpErrorMessage[500]} (request id ${id})`, data: null });
  });

  it('leaves a client error’s message as it is and makes an id when the proxy sent none', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products/getProduct', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).not.toContain('request id');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces an id that is not a plain token (it goes into every log line and a header)', () => {
    expect(requestIdOf('abc\n{"level":60}')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('<script>')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(['first-id', 'second-id'])).toBe('first-id');
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
