import { gunzipSync } from 'node:zlib';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, serverErrorMessage, type TestApp } from '../../test/app';
import { registerApi } from './api';
import { registerErrorHandling } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // A route that fails the way a bug would: the answer must not leak its details.
      app.post('/api/test/explode', async () => {
        throw new Error('relation "secret_table" does not exist');
      });
      app.get('/api/test/explode-async', async () => {
        await Promise.resolve();
        throw new TypeError("Cannot read properties of undefined (reading 'id')");
      });
    },
  });
});

afterAll(() => t?.close());

describe('the envelope', () => {
  it('wraps success as {code: 0, msg, data}', async () => {
    const { status, body } = await callApi(t.app, 'products/getCategories');
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg: 'success', data: { categories: [] } });
  });

  it('answers JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products/getProducts', payload: {} });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: 0, msg: 'success', data: { items: [], total: 0 } });
  });
});

describe('bad requests', () => {
  it('malformed JSON is a 400 with code 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/getProducts',
      headers: { 'content-type': 'application/json' },
      payload: '{"page": 1,',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'Malformed JSON in request body', data: null });
  });

  it('a JSON content type with an empty body is a 400 (the client always sends {})', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/getProducts',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: null });
  });

  it('an empty body without a content type is an empty payload', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products/getProducts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: { page: 1, pageSize: 24 } });
  });

  it.each([
    [{ pageSize: 1000 }, 'pageSize: must be at most 60'],
    [{ pageSize: 0 }, 'pageSize: must be at least 1'],
    [{ page: -1 }, 'page: must be at least 1'],
    [{ page: 1.5 }, 'page: must be a whole number'],
    [{ sort: 'cheapest' }, /^sort: /],
    [{ page: 'abc' }, /^page: /],
    [{ q: 'x'.repeat(101) }, 'q: must be at most 100 characters'],
    [{ category: 'Not A Slug' }, 'category: Invalid format'],
  ])('%j is a 422 naming the field', async (payload, message) => {
    const { status, body } = await callApi(t.app, 'products/getProducts', payload);
    expect(status).toBe(422);
    expect(body.code).toBe(422);
    expect(body.data).toBeNull();
    if (typeof message === 'string') expect(body.msg).toBe(message);
    else expect(body.msg).toMatch(message);
  });

  it('a payload that is not an object is a 422', async () => {
    const { status, body } = await callApi(t.app, 'products/getProducts', [1, 2]);
    expect(status).toBe(422);
    expect(body.code).toBe(422);
  });

  it('numbers as strings are coerced', async () => {
    const { status, body } = await callApi<{ page: number; pageSize: number }>(t.app, 'products/getProducts', {
      page: '2',
      pageSize: '5',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ page: 2, pageSize: 5 });
  });

  it('unknown fields are ignored', async () => {
    const { status, body } = await callApi(t.app, 'products/getProducts', { page: 1, isAdmin: true, __proto__x: 1 });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
  });

  it('a body over 1 MiB is refused with a 4xx envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/getProducts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ q: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, msg: 'Invalid request data', data: null });
  });
});

describe('unknown API paths', () => {
  it.each([
    ['POST', '/api/nope'],
    ['POST', '/api/products/nope'],
    ['GET', '/api/nope'],
    ['GET', '/api/products/getProducts'],
    ['DELETE', '/api/products/getProducts'],
    ['POST', '/api'],
  ] as const)('%s %s is the JSON 404', async (method, url) => {
    const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 404, msg: 'Requested resource not found', data: null });
  });

  it('a product that does not exist is a 404 with its own message', async () => {
    const { status, body } = await callApi(t.app, 'products/getProduct', { slug: 'no-such-product' });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: 'Product not found', data: null });
  });
});

describe('unexpected errors', () => {
  it.each([
    ['POST', '/api/test/explode'],
    ['GET', '/api/test/explode-async'],
  ] as const)('%s %s is a bare 500 without details', async (method, url) => {
    const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      msg: serverErrorMessage('Server error, please try again later'),
      data: null,
    });
    expect(response.body).not.toMatch(/secret_table|stack|at \w|TypeError|\.ts:/);
  });
});

describe('an answer outside its own output schema', () => {
  it('is a bare 500 (our bug), not a 422 blamed on the client', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await registerApi(app, {
      // A handler whose answer breaks the contract (categories must be a list).
      handlers: { 'products/getCategories': async () => ({ categories: 'not a list' }) as never },
      authenticate: async () => null,
      hasRole: async () => false,
      authenticateApiKey: async () => {
        throw new Error('no license calls here');
      },
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/products/getCategories', payload: {} });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 500,
        msg: serverErrorMessage('Server error, please try again later'),
        data: null,
      });
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('GET /api/docs is an OpenAPI 3.1 document of every call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, { post: { requestBody: unknown; responses: Record<string, unknown> } }>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products/getProducts', '/api/products/getProduct', '/api/products/getCategories']),
    );
    const getProducts = document.paths['/api/products/getProducts'];
    expect(getProducts?.post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { pageSize: { maximum: 60 } } } } },
    });
    expect(getProducts?.post.responses).toHaveProperty('200');
  });
});

describe('probes', () => {
  it('/health is 200', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/ready is 200 with a database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/ready is 503 while shutting down (the drain after SIGTERM), while /health stays 200', async () => {
    let isShuttingDown = false;
    const other = await createTestApp({ isShuttingDown: () => isShuttingDown });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      isShuttingDown = true;
      const ready = await other.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'shutting down' });
      expect((await other.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await callApi(other.app, 'products/getCategories')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('/ready is 503 once the database is gone, while /health stays 200', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const ready = await other.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unreachable' });
      expect((await other.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('headers', () => {
  it('API answers carry the security headers', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/products/getCategories', payload: {} });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('error answers carry them too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('large answers are gzipped when the client accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  it('a large product list is gzipped when the client accepts it', async () => {
    const category = await createCategory(t.db);
    const seller = await createSeller(t.db);
    for (let i = 0; i < 30; i++) {
      await createProduct(t.db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 1 }] });
    }
    const payload = { category: category.slug, pageSize: 30 };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/getProducts',
      payload,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body).toMatchObject({ code: 0, data: { total: 30 } });
    expect(body.data.items).toHaveLength(30);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 3);

    const plain = await t.app.inject({ method: 'POST', url: '/api/products/getProducts', payload });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });

  it('small answers are not compressed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/getCategories',
      payload: {},
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
