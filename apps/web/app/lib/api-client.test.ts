import { ClientErrorMessage, HttpErrorMessage } from '@everdeal/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, configureApiClient, messageForStatus } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('messageForStatus (requirements §8)', () => {
  it.each([
    [403, null, HttpErrorMessage[403]],
    [404, { msg: 'ignored' }, 'Requested resource not found'],
    [400, null, 'Invalid request data'],
    [400, { msg: 'Bad slug' }, 'Bad slug'],
    [402, { msg: 'Your card was declined.' }, 'Your card was declined.'],
    [402, null, 'Payment failed'],
    [409, { msg: 'Quillstream (Tier 1) is sold out' }, 'Quillstream (Tier 1) is sold out'],
    [409, null, 'This request conflicts with the current state'],
    [422, null, 'Data validation failed'],
    [422, { message: 'pageSize: too big' }, 'pageSize: too big'],
    [429, null, 'Too many requests, please try again later'],
    [500, null, 'Server error, please try again later'],
    [503, null, 'Server error, please try again later'],
    [504, null, 'Server error, please try again later'],
    [418, null, 'An unexpected error occurred'],
  ])('status %i with %j → %s', (status, body, expected) => {
    expect(messageForStatus(status, body).message).toBe(expected);
  });

  it('marks 429 as a warning', () => {
    expect(messageForStatus(429, null).severity).toBe('warning');
  });
});

describe('callApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApiClient({ getToken: () => null, onError: () => {}, onUnauthorized: () => {} });
  });

  it('posts JSON with the bearer token and a request-time header, and unwraps data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { code: 0, msg: 'success', data: { categories: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getToken: () => 'tok' });
    await expect(callApi('products/getCategories')).resolves.toEqual({ categories: [] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/products/getCategories');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(Number(headers['x-request-time'])).toBeGreaterThan(0);
  });

  it('raises the server msg of a non-zero code, else the call default, and toasts it', async () => {
    const onError = vi.fn();
    configureApiClient({ onError });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { code: 7, msg: '', data: null })),
    );
    await expect(
      callApi('products/getCategories', {}, { fallbackMessage: 'Failed to get cart contents' }),
    ).rejects.toThrow('Failed to get cart contents');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('does not toast when the call opts out', async () => {
    const onError = vi.fn();
    configureApiClient({ onError });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { code: 500, msg: 'boom', data: null })),
    );
    const error = await callApi('products/getCategories', {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(ClientErrorMessage.serverError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('clears auth on 401', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { code: 401, msg: 'User not logged in', data: null })),
    );
    await expect(callApi('products/getCategories')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a network failure with the requirements §8 message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(callApi('products/getCategories', {}, { silent: true })).rejects.toThrow(ClientErrorMessage.network);
  });

  describe('with an answer the page asked for early (lib/early-requests.ts)', () => {
    /** What the page's inline script leaves behind for a signed-in browser. */
    function earlyAnswer(token: string, path: string, answer: Promise<Response>) {
      vi.stubGlobal('window', { __everdealEarlyRequests: { token, responses: { [path]: answer } } });
    }

    it('reads it as its own answer and sends nothing', async () => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      configureApiClient({ getToken: () => 'tok' });
      earlyAnswer('tok', 'cart/getCartContents', Promise.resolve(jsonResponse(200, { code: 0, data: { items: [] } })));
      await expect(callApi('cart/getCartContents', {})).resolves.toEqual({ items: [] });
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('with its errors: a 401 signs out as a fresh answer would', async () => {
      const onUnauthorized = vi.fn();
      vi.stubGlobal('fetch', vi.fn());
      configureApiClient({ getToken: () => 'tok', onUnauthorized });
      earlyAnswer(
        'tok',
        'cart/getCartContents',
        Promise.resolve(jsonResponse(401, { code: 401, msg: '', data: null })),
      );
      await expect(callApi('cart/getCartContents', {})).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).toHaveBeenCalledOnce();
    });

    it('asks again when the early request did not reach the server, or came from another session', async () => {
      const fetchMock = vi.fn(async () => jsonResponse(200, { code: 0, data: 'fresh' }));
      vi.stubGlobal('fetch', fetchMock);
      configureApiClient({ getToken: () => 'tok' });
      earlyAnswer('tok', 'cart/getCartContents', Promise.reject(new TypeError('fetch failed')));
      await expect(callApi('cart/getCartContents', {})).resolves.toBe('fresh');
      earlyAnswer('old', 'cart/getCartContents', Promise.resolve(jsonResponse(200, { code: 0, data: 'stale' })));
      await expect(callApi('cart/getCartContents', {})).resolves.toBe('fresh');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });
});
