import { randomBytes } from 'node:crypto';
import {
  AppError,
  GALLERY_IMAGES_MAX,
  GALLERY_MAX_HEIGHT_PX,
  GALLERY_MAX_WIDTH_PX,
  hasLiveTerms,
  LOGO_SIZE_PX,
  SellerMessage,
  type SellerProduct,
} from '@everdeal/contracts';
import { productImages, products } from '@everdeal/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { changedBy } from '../../lib/cache-tags';
import { toGalleryThumbnail } from '../../lib/gallery-thumbnail';
import { recordSellerEdit } from '../audit';
import { changedFields } from './live-terms';
import { markChanged, requireEditable, requireOwnProduct, type SellerActor, type SellerDeps } from './seller-access';
import { toSellerProduct } from './seller-product-view';
import { productImageUrl, productThumbUrl } from './seller-products.service';

// Logos and gallery pictures (requirements §10), handled like avatars (users/avatar.ts): decoded
// with a pixel limit, re-encoded by us to WebP, so only pixels we wrote are ever served; kept in
// the database so every instance serves them (decision 008).

// sharp refuses larger images before decoding them: a small file can declare a huge canvas.
const MAX_INPUT_PIXELS = 40_000_000;
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
export const PRODUCT_IMAGE_NAME = /^\d+-[0-9a-f]{16}\.webp$/;
/** A gallery picture's thumbnail: the picture's name with `-thumb` before `.webp`. */
const PRODUCT_THUMB_NAME = /^(\d+-[0-9a-f]{16})-thumb\.webp$/;

export type ImageKind = 'logo' | 'gallery';

/** A square logo on a transparent ground, or a gallery picture fitted inside 1600×1000 with its thumbnail. */
export async function toProductWebp(
  bytes: Buffer,
  kind: ImageKind,
): Promise<{ image: Buffer; thumbnail: Buffer | null; width: number; height: number }> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await source.metadata();
    if (!format || !DECODABLE_FORMATS.has(format)) throw new Error(`unsupported format ${format}`);
    const resized =
      kind === 'logo'
        ? source.rotate().resize(LOGO_SIZE_PX, LOGO_SIZE_PX, {
            fit: 'contain',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          })
        : source.rotate().resize(GALLERY_MAX_WIDTH_PX, GALLERY_MAX_HEIGHT_PX, {
            fit: 'inside',
            withoutEnlargement: true,
          });
    const { data, info } = await resized.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const thumbnail = kind === 'gallery' ? await toGalleryThumbnail(data) : null;
    return { image: data, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError(422, SellerMessage.imageType, { cause: error });
  }
}

/**
 * Stores a picture of the caller's product: a logo replaces the previous one (which is deleted),
 * a gallery picture is added at the end with `alt` (at most GALLERY_IMAGES_MAX). A product in
 * review is frozen (409); a rejected one goes back to draft.
 */
export async function saveProductImage(
  deps: SellerDeps,
  actor: SellerActor,
  input: { productId: number; kind: ImageKind; alt: string; bytes: Buffer },
): Promise<{ product: SellerProduct; url: string }> {
  // Check the product before spending a decode on it.
  requireEditable(await requireOwnProduct(deps.db, actor.id, input.productId));
  const webp = await toProductWebp(input.bytes, input.kind);
  const name = `${input.productId}-${randomBytes(8).toString('hex')}.webp`;
  const url = productImageUrl(name);
  const at = deps.now();
  let isPublished = false;
  const product = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProduct(tx, actor.id, input.productId, { lock: true });
    requireEditable(current);
    isPublished = current.isPublished;
    if (input.kind === 'gallery' && current.gallery.length >= GALLERY_IMAGES_MAX) {
      throw AppError.conflict(SellerMessage.galleryFull);
    }
    await tx.insert(productImages).values({ name, productId: current.id, kind: input.kind, ...webp, createdAt: at });
    if (input.kind === 'logo') {
      await tx.update(products).set({ logoUrl: url }).where(eq(products.id, current.id));
      // The logo it replaces, if it was one of ours.
      await tx
        .delete(productImages)
        .where(
          and(eq(productImages.productId, current.id), eq(productImages.kind, 'logo'), ne(productImages.name, name)),
        );
    } else {
      await tx
        .update(products)
        .set({ gallery: [...current.gallery, { url, alt: input.alt, thumbUrl: productThumbUrl(name) }] })
        .where(eq(products.id, current.id));
    }
    await markChanged(tx, current, at);
    const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
    if (!updated) throw new Error('the product vanished inside its own transaction');
    // A live product's new picture is a seller edit like any other (decision 019).
    const field = input.kind === 'logo' ? 'logoUrl' : 'gallery';
    const changed = hasLiveTerms(current.reviewStatus)
      ? changedFields({ [field]: current[field] }, { [field]: updated[field] })
      : null;
    if (changed) {
      await recordSellerEdit(
        tx,
        actor,
        { action: 'product.update', targetKind: 'product', targetId: current.id, ...changed },
        at,
      );
    }
    return updated;
  });
  if (isPublished) deps.catalogChanged(changedBy.listing(product.id));
  return { product: await toSellerProduct(deps.db, product, at), url };
}

/**
 * The stored picture or gallery thumbnail for `GET /media/products/:name`, or null. A picture
 * uploaded before thumbnails were made gets its thumbnail on the first request for it, kept for the
 * next (two instances making it at once write the same bytes).
 */
export async function readProductImage(deps: Pick<SellerDeps, 'db'>, name: string): Promise<Buffer | null> {
  if (PRODUCT_IMAGE_NAME.test(name)) {
    const [row] = await deps.db
      .select({ image: productImages.image })
      .from(productImages)
      .where(eq(productImages.name, name));
    return row?.image ?? null;
  }
  const pictureName = PRODUCT_THUMB_NAME.exec(name)?.[1];
  if (!pictureName) return null;
  const [row] = await deps.db
    .select({ image: productImages.image, thumbnail: productImages.thumbnail })
    .from(productImages)
    .where(and(eq(productImages.name, `${pictureName}.webp`), eq(productImages.kind, 'gallery')));
  if (!row) return null;
  if (row.thumbnail) return row.thumbnail;
  const thumbnail = await toGalleryThumbnail(row.image);
  await deps.db
    .update(productImages)
    .set({ thumbnail })
    .where(and(eq(productImages.name, `${pictureName}.webp`), isNull(productImages.thumbnail)));
  return thumbnail;
}
