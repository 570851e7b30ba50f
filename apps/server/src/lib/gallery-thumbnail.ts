import { GALLERY_THUMB_HEIGHT_PX, GALLERY_THUMB_WIDTH_PX } from '@everdeal/contracts';
import sharp, { type SharpOptions } from 'sharp';

/**
 * A gallery picture's thumbnail as WebP: cropped to fill GALLERY_THUMB_WIDTH_PX ×
 * GALLERY_THUMB_HEIGHT_PX as the product page's row shows it (`object-cover`), never enlarged.
 * The one recipe for a seller's upload (modules/sellers/product-images.ts) and a demo screen
 * (svg-to-png.ts), so both rows look alike.
 */
export function toGalleryThumbnail(picture: Buffer, options?: SharpOptions): Promise<Buffer> {
  return sharp(picture, options)
    .resize(GALLERY_THUMB_WIDTH_PX, GALLERY_THUMB_HEIGHT_PX, { fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
