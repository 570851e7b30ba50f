import { GALLERY_THUMB_WIDTH_PX } from '@everdeal/contracts';
import type { DemoRasterizers } from '@everdeal/db/seed';
import sharp from 'sharp';
import { toGalleryThumbnail } from './gallery-thumbnail';

/**
 * The demo share cards as PNG (requirements §10: social sites do not show SVG). The SVGs are our own
 * (packages/db/src/seed/svg-share.ts), drawn by librsvg inside sharp with the system's fonts.
 */
export function svgToPng(svg: string): Promise<Uint8Array> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}

/**
 * A demo screen's gallery thumbnail, made as a seller's is. librsvg draws the screen at about the
 * thumbnail's size (the screens are 1280 pixels wide, packages/db/src/seed/svg-screens.ts), about
 * 30 ms each.
 */
export function svgToGalleryThumbnail(svg: string): Promise<Uint8Array> {
  return toGalleryThumbnail(Buffer.from(svg), { density: (72 * GALLERY_THUMB_WIDTH_PX) / 1280 });
}

/** What the demo seed draws its raster images with. */
export const demoRasterizers: DemoRasterizers = { toPng: svgToPng, toThumbnail: svgToGalleryThumbnail };
