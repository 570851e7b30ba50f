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

/** A demo screen's thumbnail: drawn small as a raster, which the browser decodes off its main thread. */
const thumbnailPathOf = (svgPath: string) => svgPath.replace(/\.svg$/, '-thumb.webp');

export function demoGallery(slug: string, name: string): GalleryImage[] {
  return screenKinds.map((kind, i) => {
    const url = `${DEMO_MEDIA_URL}/${slug}/gallery-${i + 1}.svg`;
    return { url, alt: `${name} ${kind}`, thumbUrl: thumbnailPathOf(url) };
  });
}

/**
 * Turns an SVG into raster bytes. The server passes ones built on sharp (a dependency of the
 * server, not of this package): `toPng` for the share cards, `toThumbnail` for the gallery's
 * thumbnails. Without them those files are not written.
 */
export type SvgToRaster = (svg: string) => Promise<Uint8Array>;
export type DemoRasterizers = { toPng?: SvgToRaster; toThumbnail?: SvgToRaster };

/**
 * `raster`: the file is also written as a raster beside it, from its SVG: `png` under the same
 * name with `.png`, `thumbnail` with `-thumb.webp` (`thumbnailPathOf`).
 */
type MediaFile = { path: string; content: string; raster?: 'png' | 'thumbnail' };

const rasterOf = {
  png: { pathOf: (svgPath: string) => svgPath.replace(/\.svg$/, '.png'), converter: 'toPng' },
  thumbnail: { pathOf: thumbnailPathOf, converter: 'toThumbnail' },
} as const;

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
      ...screens.map((content, i) => ({
        path: join(dir, `gallery-${i + 1}.svg`),
        content,
        raster: 'thumbnail' as const,
      })),
      // The source of share.png, kept so a start can tell whether the PNG is current.
      { path: join(dir, 'share.svg'), content: shareCard, raster: 'png' as const },
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
 * the images are deterministic, so calling this on every start rewrites nothing. With the
 * rasterizers, each share card's PNG and each screen's thumbnail is drawn again only when its SVG
 * source changed or the raster is missing (drawing all of them takes seconds). A raster is written
 * under a temporary name and renamed, so a reader never gets half a file.
 */
export async function ensureDemoMedia(mediaDir: string, options: DemoRasterizers = {}): Promise<void> {
  const files = renderDemoMediaFiles(mediaDir);
  const dirs = new Set(files.map((file) => dirname(file.path)));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all(
    files.map(async (file) => {
      const isCurrent = (await readIfExists(file.path)) === file.content;
      if (!isCurrent) await writeFile(file.path, file.content);
      if (!file.raster) return;
      const { pathOf, converter } = rasterOf[file.raster];
      const convert = options[converter];
      if (!convert) return;
      const rasterPath = pathOf(file.path);
      if (isCurrent && (await exists(rasterPath))) return;
      const partial = `${rasterPath}.${process.pid}.partial`;
      await writeFile(partial, await convert(file.content));
      await rename(partial, rasterPath);
    }),
  );
}
