import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { isWebBuildCurrent } from '../../test/web-build';
import { webRoot } from './ssr';

// The client build's files as the server sends them: the build's own Brotli and gzip copies
// (apps/web/vite-plugins/precompress.ts), never compressed again per request. Static files are
// served from the build only, so these tests need `npm run build` (which `npm test` runs first).
const clientDir = join(webRoot, 'build/client');

describe.skipIf(!isWebBuildCurrent())('static files of the client build (needs npm run build)', () => {
  let t: TestApp;
  let framework: string;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
    const name = readdirSync(join(clientDir, 'assets')).find((file) => /^framework-[\w-]+\.js$/.test(file));
    if (!name) throw new Error('no framework chunk in the client build');
    framework = name;
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it("sends a browser that accepts Brotli the build's Brotli copy, cached for a year", async () => {
    const answer = await get(`/assets/${framework}`, 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    // The script's own type, not the copy's (`.br` alone would be application/octet-stream).
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const copy = readFileSync(join(clientDir, 'assets', `${framework}.br`));
    expect(answer.rawPayload.equals(copy)).toBe(true);
    expect(brotliDecompressSync(answer.rawPayload).equals(readFileSync(join(clientDir, 'assets', framework)))).toBe(
      true,
    );
  });

  it('sends the gzip copy to a client without Brotli, and the file itself to one that accepts neither', async () => {
    const file = readFileSync(join(clientDir, 'assets', framework));
    const gzipped = await get(`/assets/${framework}`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(file)).toBe(true);

    const plain = await get(`/assets/${framework}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('compresses the files outside assets/ the same way (the favicon)', async () => {
    const answer = await get('/favicon.svg', 'br');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(brotliDecompressSync(answer.rawPayload).equals(readFileSync(join(clientDir, 'favicon.svg')))).toBe(true);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    expect((await get(`/assets/${framework}.br`)).statusCode).toBe(404);
    expect((await get('/favicon.svg.gz')).statusCode).toBe(404);
  });
});
