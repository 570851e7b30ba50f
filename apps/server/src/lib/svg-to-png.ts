import { GALLERY_THUMB_HEIGHT_PX, GALLERY_THUMB_WIDTH_PX } from '@everdeal/contracts';
import type { DemoRasterizers } from '@everdeal/db/seed';
import sharp from 'sharp';

/**
 * The demo share cards as PNG (requirements §10: social sites do not show SVG). The SVGs are our own
 * (packages/db/src/seed/svg-share.ts), drawn by librsvg inside sharp with the system's fonts.
 */
export function svgToPng(svg: string): Promise<Uint8Array> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}

/**
 * A demo screen's gallery thumbnail as WebP, cropped to fill the size of a seller's
 * (apps/server/src/modules/sellers/product-images.ts). Drawn by librsvg at about the thumbnail's
 * size (the screens are 1280 pixels wide), about 30 ms each.
 */
export function svgToGalleryThumbnail(svg: string): Promise<Uint8Array> {
  return sharp(Buffer.from(svg), { density: (72 * GALLERY_THUMB_WIDTH_PX) / 1280 })
    .resize(GALLERY_THUMB_WIDTH_PX, GALLERY_THUMB_HEIGHT_PX, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}

/** What the demo seed draws its raster images with. */
export const demoRasterizers: DemoRasterizers = { toPng: svgToPng, toThumbnail: svgToGalleryThumbnail };
