import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GalleryImage } from '../schema';
import { renderDemoBlogCovers } from './blog';
import { listDemoProducts } from './catalog-data';
import { pickPalette, renderLogoSvg } from './svg';
import { renderScreenSvg, screenKinds } from './svg-screens';

/** Where the server serves `${DATA_DIR}/uploads/demo` from; the database stores these URLs. */
const DEMO_MEDIA_URL = '/uploads/demo';

export function demoLogoUrl(slug: string): string {
  return `${DEMO_MEDIA_URL}/${slug}/logo.svg`;
}

export function demoGallery(slug: string, name: string): GalleryImage[] {
  return screenKinds.map((kind, i) => ({
    url: `${DEMO_MEDIA_URL}/${slug}/gallery-${i + 1}.svg`,
    alt: `${name} ${kind}`,
  }));
}

type MediaFile = { path: string; content: string };

function renderDemoMediaFiles(mediaDir: string): MediaFile[] {
  return [...renderProductMediaFiles(mediaDir), ...renderDemoBlogCovers(mediaDir)];
}

function renderProductMediaFiles(mediaDir: string): MediaFile[] {
  return listDemoProducts().flatMap(({ product, category, index }) => {
    const palette = pickPalette(index);
    const dir = join(mediaDir, product.slug);
    const screenInput = {
      slug: product.slug,
      name: product.name,
      tagline: product.tagline,
      palette,
      metricLabels: category.metricLabels,
    };
    return [
      { path: join(dir, 'logo.svg'), content: renderLogoSvg(product.name, palette, index) },
      ...screenKinds.map((kind, i) => ({
        path: join(dir, `gallery-${i + 1}.svg`),
        content: renderScreenSvg(screenInput, kind),
      })),
    ];
  });
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Writes every demo image that is missing or differs from what the code draws today. Comparing
 * instead of only checking existence also heals a truncated file or one from an older design;
 * the images are deterministic, so calling this on every start rewrites nothing.
 */
export async function ensureDemoMedia(mediaDir: string): Promise<void> {
  const files = renderDemoMediaFiles(mediaDir);
  const dirs = new Set(files.map((file) => dirname(file.path)));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all(
    files.map(async (file) => {
      if ((await readIfExists(file.path)) !== file.content) await writeFile(file.path, file.content);
    }),
  );
}
