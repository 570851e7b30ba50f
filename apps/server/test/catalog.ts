import { randomBytes } from 'node:crypto';
import type { ProductDetail, ProductList } from '@everdeal/contracts';
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, expect } from 'vitest';
import { callApi, createTestApp, type TestApp } from './app';

const START = new Date('2030-01-01T12:00:00Z');

/**
 * One app and database for a catalogue test file, with the helpers those files share. The
 * services read `clock`, so a test can move time to see deals end.
 */
export function setUpCatalogApp() {
  let t: TestApp | undefined;
  let clock = START;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t?.close());

  const kit = {
    get t(): TestApp {
      if (!t) throw new Error('the catalogue test app is not ready yet');
      return t;
    },
    get clock() {
      return clock;
    },
    setClock(next: Date) {
      clock = next;
    },
    async getProducts(payload: object): Promise<ProductList> {
      const { status, body } = await callApi<ProductList>(kit.t.app, 'products/getProducts', payload);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.code).toBe(0);
      return body.data;
    },
    async getProduct(slug: string): Promise<ProductDetail> {
      const { status, body } = await callApi<ProductDetail>(kit.t.app, 'products/getProduct', { slug });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data;
    },
    /** A category of this test's own, so listings filtered by it see only this test's products. */
    ownCategory(name?: string) {
      return createCategory(kit.t.db, name ? { name } : {});
    },
    /** A word no other product contains. */
    uniqueWord: () => `zq${randomBytes(4).toString('hex')}`,
  };
  return kit;
}
