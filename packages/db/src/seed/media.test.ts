import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoBlogRows } from './blog';
import { listDemoProducts } from './catalog-data';
import { type DemoRasterizers, ensureDemoMedia } from './index';
import { escapeXml, renderLogoSvg } from './svg';
import { wrapTitle } from './svg-blog';

// The demo's pictures (ensureDemoMedia): what seedDemoCatalog writes beside the catalogue.

const now = new Date('2030-03-01T12:00:00Z');
let mediaDir: string;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'everdeal-demo-media-'));
  await ensureDemoMedia(mediaDir);
});

afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('ensureDemoMedia', () => {
  it('writes a logo, three gallery images and a share card per product, small and standalone', () => {
    const entries = listDemoProducts();
    expect(readdirSync(mediaDir).sort()).toEqual([...entries.map((entry) => entry.product.slug), 'blog'].sort());
    for (const { product } of entries) {
      const files = readdirSync(join(mediaDir, product.slug)).sort();
      // Written with no rasterizer, so the share card is there as its SVG source only.
      expect(files).toEqual(['gallery-1.svg', 'gallery-2.svg', 'gallery-3.svg', 'logo.svg', 'share.svg']);
      for (const file of files) {
        const svg = readFileSync(join(mediaDir, product.slug, file), 'utf8');
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
        expect(svg.endsWith('</svg>'), file).toBe(true);
        // The share card carries the logo and a screen inside it.
        const limit = file === 'share.svg' ? 20 * 1024 : 6 * 1024;
        expect(Buffer.byteLength(svg), `${product.slug}/${file}`).toBeLessThan(limit);
      }
      const card = readFileSync(join(mediaDir, product.slug, 'share.svg'), 'utf8');
      expect(card).toContain('viewBox="0 0 1200 630"');
      expect(card).toContain(escapeXml(product.name.split(' ')[0] ?? ''));
    }
  });

  // Each raster is drawn from its SVG by the rasterizer the server passes (sharp), once, and again
  // only when its source changed or the raster is gone; without its rasterizer it is not written.
  const rasters = [
    {
      kind: 'share card as PNG',
      rasterizer: 'toPng',
      sources: ['share.svg'],
      rasterOf: (svg: string) => svg.replace(/\.svg$/, '.png'),
    },
    {
      kind: 'gallery screen’s thumbnail',
      rasterizer: 'toThumbnail',
      sources: ['gallery-1.svg', 'gallery-2.svg', 'gallery-3.svg'],
      rasterOf: (svg: string) => svg.replace(/\.svg$/, '-thumb.webp'),
    },
  ] as const;
  for (const { kind, rasterizer, sources, rasterOf } of rasters) {
    it(`draws each ${kind} once, and again only when its source changed or it is gone`, async () => {
      const drawn: string[] = [];
      const options: DemoRasterizers = {
        [rasterizer]: async (svg: string) => {
          drawn.push(svg);
          return new TextEncoder().encode(`${rasterizer} of ${svg.length}`);
        },
      };
      const dir = mkdtempSync(join(tmpdir(), 'everdeal-rasters-'));
      try {
        await ensureDemoMedia(dir, options);
        const products = listDemoProducts();
        expect(drawn).toHaveLength(products.length * sources.length);
        const other = rasters.find((raster) => raster.rasterizer !== rasterizer);
        for (const { product } of products) {
          for (const source of sources) {
            const svg = readFileSync(join(dir, product.slug, source), 'utf8');
            const raster = readFileSync(join(dir, product.slug, rasterOf(source)), 'utf8');
            expect(raster).toBe(`${rasterizer} of ${svg.length}`);
          }
          for (const source of other?.sources ?? []) {
            expect(readdirSync(join(dir, product.slug))).not.toContain(other?.rasterOf(source));
          }
        }
        drawn.length = 0;
        await ensureDemoMedia(dir, options);
        expect(drawn).toEqual([]);
        const [first, last] = [sources[0], sources.at(-1)];
        if (!first || !last) throw new Error(`${kind}: no sources`);
        writeFileSync(join(dir, 'quillstream', first), '<svg');
        rmSync(join(dir, 'reelsmith', rasterOf(last)));
        await ensureDemoMedia(dir, options);
        expect(drawn).toHaveLength(2);
        expect(readdirSync(join(dir, 'reelsmith'))).toContain(rasterOf(last));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('writes a 1200×630 cover per demo blog post, with its title', () => {
    const rows = buildDemoBlogRows(now);
    expect(readdirSync(join(mediaDir, 'blog')).sort()).toEqual(rows.map((row) => row.slug).sort());
    for (const row of rows) {
      const svg = readFileSync(join(mediaDir, 'blog', row.slug, 'cover.svg'), 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"'), row.slug).toBe(true);
      expect(svg.endsWith('</svg>'), row.slug).toBe(true);
      expect(Buffer.byteLength(svg), row.slug).toBeLessThan(6 * 1024);
      for (const line of wrapTitle(row.title)) expect(svg, row.slug).toContain(escapeXml(line));
    }
  });

  it('wraps a cover title in lines, and ends an overlong one with an ellipsis', () => {
    expect(wrapTitle('How lifetime deals on AI software actually work')).toEqual([
      'How lifetime deals on AI',
      'software actually work',
    ]);
    const long = wrapTitle('word '.repeat(40).trim(), 12, 2);
    expect(long).toHaveLength(2);
    expect(long[1]?.endsWith('…')).toBe(true);
  });

  it('rewrites only missing or damaged files', async () => {
    const logo = join(mediaDir, 'quillstream', 'logo.svg');
    const gallery = join(mediaDir, 'quillstream', 'gallery-1.svg');
    const original = readFileSync(logo, 'utf8');
    const untouchedAt = statSync(gallery).mtimeMs;
    writeFileSync(logo, '<svg');
    rmSync(join(mediaDir, 'reelsmith'), { recursive: true });
    await ensureDemoMedia(mediaDir);
    expect(readFileSync(logo, 'utf8')).toBe(original);
    expect(readdirSync(join(mediaDir, 'reelsmith'))).toHaveLength(5);
    expect(statSync(gallery).mtimeMs).toBe(untouchedAt);
  });

  it('escapes text placed in an image', () => {
    expect(escapeXml(`A&B <c> "d" 'e'`)).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    const svg = renderLogoSvg('<Tom & Jerry>', { start: '#000000', end: '#FFFFFF' }, 0);
    expect(svg).not.toContain('<Tom');
    expect(svg).toContain('&lt;');
  });
});
