// React Router's data requests (`/path.data`, what a navigation inside the app asks the server for)
// reach the loaders as they came, with the `.data` suffix and React Router's own parameters
// (`v8_passThroughRequests` in apps/web/react-router.config.ts, two `Request` copies less per
// loader). What a loader reads of the address comes from its `url` argument, which is the page's
// own address: these answers must name the page, never the data request.
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/shop';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
}, 180_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The redirect a data request answers with: React Router's single fetch encodes it in the body (status 202). */
function redirectOf(body: string): string | undefined {
  return /"redirect",\s*"([^"]*)"/.exec(body)?.[1];
}

describe("a page's data request", () => {
  it("sends a visitor to sign in and back to the page's address, not the data's", async () => {
    const answer = await get('/user/orders.data?page=2');
    expect(answer.statusCode).toBe(202);
    expect(redirectOf(answer.body)).toBe('/auth/login?redirect=%2Fuser%2Forders%3Fpage%3D2');
  });

  it('moves a product slug in capitals to the lower-case page, not to its data', async () => {
    const category = await createCategory(t.db);
    const { product } = await createDeal(t.db, { categoryId: category.id });
    const answer = await get(`/products/${product.slug.toUpperCase()}.data`);
    expect(answer.statusCode).toBe(202);
    expect(redirectOf(answer.body)).toBe(`/products/${product.slug}`);
    const page = await get(`/products/${product.slug}/reviews.data`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(product.name);
    const moved = await get(`/products/${product.slug.toUpperCase()}/reviews.data?page=2`);
    expect(moved.statusCode).toBe(202);
    expect(redirectOf(moved.body)).toBe(`/products/${product.slug}/reviews?page=2`);
  });

  it('moves to the page without React Router\'s own "_routes" parameter', async () => {
    const category = await createCategory(t.db);
    const { product } = await createDeal(t.db, { categoryId: category.id });
    const answer = await get(
      `/products/${product.slug.toUpperCase()}/questions.data?page=2&_routes=routes%2Fproduct-questions`,
    );
    expect(answer.statusCode).toBe(202);
    expect(redirectOf(answer.body)).toBe(`/products/${product.slug}/questions?page=2`);
  });
});
