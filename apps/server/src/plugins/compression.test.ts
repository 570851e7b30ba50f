import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
  zstdDecompressSync,
} from 'node:zlib';
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/shop';
import { answerCompression } from './compression';

// Decision 055: answers made per request are compressed at the fastest settings, and still
// decode to what an uncompressed answer carries, in every encoding a browser or crawler asks for.

let t: TestApp;
let deal = { slug: '', name: '' };

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  const category = await createCategory(t.db);
  for (let i = 0; i < 12; i += 1) await createDeal(t.db, { categoryId: category.id });
  deal = (await createDeal(t.db, { categoryId: category.id })).product;
}, 180_000);
afterAll(() => t?.close());

const listInput = JSON.stringify({ page: 1, pageSize: 24 });
const askList = (encoding: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/getProducts',
    headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
    payload: listInput,
  });
const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  zstd: zstdDecompressSync,
};

describe('compression of answers', () => {
  it('an API answer decodes to the same JSON in Brotli, zstd and gzip', async () => {
    const plain = await askList('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Over the 8 KB the plugin compresses in one call by itself on a 2-core host.
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    for (const [encoding, decode] of Object.entries(decoders)) {
      const answer = await askList(encoding);
      expect(answer.headers['content-encoding'], encoding).toBe(encoding);
      expect(decode(answer.rawPayload).toString(), encoding).toBe(plain.body);
    }
  });

  it("Brotli and gzip are written at the server's settings, not the library's defaults", async () => {
    const plain = (await askList('identity')).rawPayload;
    const brotli = (await askList('br')).rawPayload;
    const at = (quality: number) =>
      brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    expect(brotli.equals(at(answerCompression.brotliQuality))).toBe(true);
    expect(brotli.equals(at(4))).toBe(false);
    const gzip = (await askList('gzip')).rawPayload;
    expect(gzip.equals(gzipSync(plain, { level: answerCompression.gzipLevel }))).toBe(true);
    expect(gzip.equals(gzipSync(plain))).toBe(false);
  });

  it('an answer held whole is compressed in one call: its length is known before it is sent', async () => {
    // The stream path sends a compressed answer in chunks without a length; one call sets it.
    for (const encoding of Object.keys(decoders)) {
      const answer = await askList(encoding);
      expect(answer.headers['content-length'], encoding).toBe(String(answer.rawPayload.length));
      expect(answer.headers['transfer-encoding'], encoding).toBeUndefined();
    }
  });

  it('a page streamed to a browser decodes to the whole document', async () => {
    const ask = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: `/products/${deal.slug}`,
        headers: { 'accept-encoding': encoding, 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
      });
    for (const [encoding, decode] of Object.entries(decoders)) {
      const answer = await ask(encoding);
      expect(answer.statusCode, encoding).toBe(200);
      expect(answer.headers['content-encoding'], encoding).toBe(encoding);
      // Two renders differ in their nonce and the time they show: the document is read, not compared.
      const html = decode(answer.rawPayload).toString();
      expect(html.startsWith('<!DOCTYPE html>'), encoding).toBe(true);
      expect(html.trimEnd().endsWith('</html>'), encoding).toBe(true);
      expect(html, encoding).toContain('<h1');
      expect(html, encoding).toContain(deal.name);
    }
  });
});
