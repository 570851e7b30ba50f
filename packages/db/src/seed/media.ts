import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GalleryImage } from '../schema';
import { renderDemoBlogCovers } from './blog';
import { listDemoProducts } from './catalog-data';
import { pickPalette, renderLogoSvg } from './svg';
import { renderScreenSvg, screenKinds } from './svg-screens';
import { renderShareCardSvg } from './svg-share';

/** Where the server serves `${DATA_DIR}/uploads/demo` from; the database stores these URLs. */
const DEMO_MEDIA_URL = '/uploads/demo';

export function demoLogoUrl(slug: string): string {
  return `${DEMO_MEDIA_URL}/${slug}/logo.svg`;
}

/** The product's 1200×630 PNG share card (OpenGraph, Twitter): social sites do not show SVG. */
export function demoShareImageUrl(slug: string): string {
  return `${DEMO_MEDIA_URL}/${slug}/share.png`;
}

export function demoGallery(slug: string, name: string): GalleryImage[] {
  return screenKinds.map((kind, i) => ({
    url: `${DEMO_MEDIA_URL}/${slug}/gallery-${i + 1}.svg`,
    alt: `${name} ${kind}`,
  }));
}

/**
 * Turns an SVG into PNG bytes. The server passes one built on sharp (a dependency of the server,
 * not of this package); without it the share cards' PNGs are not written.
 */
export type SvgToPng = (svg: string) => Promise<Uint8Array>;

/** `png`: the file is also written as PNG beside it, under the same name with `.png`. */
type MediaFile = { path: string; content: string; png?: boolean };

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
    const logoSvg = renderLogoSvg(product.name, palette, index);
    const screens = screenKinds.map((kind) => renderScreenSvg(screenInput, kind));
    const shareCard = renderShareCardSvg({
      name: product.name,
      tagline: product.tagline,
      categoryName: category.name,
      palette,
      logoSvg,
      screenSvg: screens[0] ?? '',
    });
    return [
      { path: join(dir, 'logo.svg'), content: logoSvg },
      ...screens.map((content, i) => ({ path: join(dir, `gallery-${i + 1}.svg`), content })),
      // The source of share.png, kept so a start can tell whether the PNG is current.
      { path: join(dir, 'share.svg'), content: shareCard, png: true },
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

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes every demo image that is missing or differs from what the code draws today. Comparing
 * instead of only checking existence also heals a truncated file or one from an older design;
 * the images are deterministic, so calling this on every start rewrites nothing. With `toPng`,
 * each share card's PNG is drawn again only when its SVG source changed or the PNG is missing
 * (drawing all of them takes seconds). The PNG is written under a temporary name and renamed,
 * so a reader never gets half a file.
 */
export async function ensureDemoMedia(mediaDir: string, options: { toPng?: SvgToPng } = {}): Promise<void> {
  const files = renderDemoMediaFiles(mediaDir);
  const dirs = new Set(files.map((file) => dirname(file.path)));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all(
    files.map(async (file) => {
      const isCurrent = (await readIfExists(file.path)) === file.content;
      if (!isCurrent) await writeFile(file.path, file.content);
      const { toPng } = options;
      if (!file.png || !toPng) return;
      const pngPath = file.path.replace(/\.svg$/, '.png');
      if (isCurrent && (await exists(pngPath))) return;
      const partial = `${pngPath}.${process.pid}.partial`;
      await writeFile(partial, await toPng(file.content));
      await rename(partial, pngPath);
    }),
  );
}
