import type { Db } from '@everdeal/db';
import type { FastifyInstance } from 'fastify';
import { getSitemapEntries, renderRobots, renderSitemap } from './seo.service';

/** The sitemap is rebuilt at most this often; a new product shows up within the TTL. */
export const SITEMAP_TTL_MS = 5 * 60 * 1000;

export function registerSeo(app: FastifyInstance, deps: { db: Db; publicUrl: string; now: () => Date }) {
  let cached: { xml: string; builtAt: number } | undefined;
  let building: Promise<string> | undefined;

  const buildSitemap = async () => {
    const xml = renderSitemap(await getSitemapEntries(deps.db, deps.now()), deps.publicUrl);
    cached = { xml, builtAt: deps.now().getTime() };
    return xml;
  };

  app.get('/sitemap.xml', async (_request, reply) => {
    const fresh = cached && deps.now().getTime() - cached.builtAt < SITEMAP_TTL_MS ? cached.xml : undefined;
    // Concurrent misses share one build instead of each querying the catalogue.
    if (!fresh && !building) {
      building = buildSitemap().finally(() => {
        building = undefined;
      });
    }
    const xml = fresh ?? (await building);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SITEMAP_TTL_MS / 1000}`)
      .send(xml);
  });

  const robots = renderRobots(deps.publicUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
