import {
  AppError,
  type CreateProductInputSchema,
  hasLiveTerms,
  type MySellers,
  SellerMessage,
  type SellerProduct,
  slugFromName,
  type UpdateProductInputSchema,
} from '@everdeal/contracts';
import { categories, type GalleryImage, productImages, products, sellerMembers, sellers } from '@everdeal/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { changedBy } from '../../lib/cache-tags';
import { databaseErrorIn } from '../../plugins/errors';
import { recordSellerEdit } from '../audit';
import { changedFields, requireRefundWindowKept } from './live-terms';
import { queueSubmittedMails } from './seller.mail';
import {
  markChanged,
  type OwnProduct,
  requireEditable,
  requireMembership,
  requireOwnProduct,
  type SellerActor,
  type SellerDeps,
  type Tx,
} from './seller-access';
import { loadSellerPlans, submitProblems, toSellerProduct } from './seller-product-view';

// Products as drafts, their edits, submission for review and withdrawal (requirements §13,
// decision 014). A seller's product is never public until an admin approves and publishes it:
// drafts are written with `is_published = false`, and the catalogue reads only published rows.

/** `seller/getMySellers`: the caller's sellers, by name (none for a user who was not approved). */
export async function getMySellers({ db }: Pick<SellerDeps, 'db'>, userId: string): Promise<MySellers> {
  const rows = await db
    .select({ id: sellers.id, slug: sellers.slug, name: sellers.name })
    .from(sellers)
    .innerJoin(sellerMembers, eq(sellerMembers.sellerId, sellers.id))
    .where(eq(sellerMembers.userId, userId))
    .orderBy(asc(sellers.name), asc(sellers.id));
  return { sellers: rows };
}

export async function getSellerProduct(deps: SellerDeps, userId: string, productId: number): Promise<SellerProduct> {
  const product = await requireOwnProduct(deps.db, userId, productId);
  return toSellerProduct(deps.db, product, deps.now());
}

/** The only unique key a product write can break is the slug's (products_slug_key). */
function isSlugTaken(error: unknown): boolean {
  return databaseErrorIn(error)?.code === '23505';
}

async function slugIsFree(tx: Tx, slug: string, exceptProductId?: number): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  return !row || row.id === exceptProductId;
}

/** The name's slug, or the first free `-2`, `-3`… after it. */
async function freeSlugFor(tx: Tx, name: string): Promise<string> {
  const base = slugFromName(name) || 'product';
  if (await slugIsFree(tx, base)) return base;
  for (let n = 2; n < 100; n++) {
    const candidate = `${base.slice(0, 75)}-${n}`;
    if (await slugIsFree(tx, candidate)) return candidate;
  }
  return `${base.slice(0, 70)}-${Date.now().toString(36)}`;
}

async function requireCategory(tx: Tx, slug: string): Promise<number> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw AppError.validation('category: choose one of the store’s categories');
  return row.id;
}

/** `seller/createProduct`: a draft with the name, category and slug; the rest is filled in the editor. */
export async function createSellerProduct(
  deps: SellerDeps,
  userId: string,
  input: z.output<typeof CreateProductInputSchema>,
): Promise<SellerProduct> {
  await requireMembership(deps.db, userId, input.sellerId);
  const at = deps.now();
  try {
    const product = await deps.db.transaction(async (tx) => {
      const categoryId = await requireCategory(tx, input.category);
      const slug = input.slug ?? (await freeSlugFor(tx, input.name));
      if (input.slug && !(await slugIsFree(tx, input.slug))) throw AppError.conflict(SellerMessage.slugTaken(slug));
      const [row] = await tx
        .insert(products)
        .values({
          slug,
          name: input.name,
          tagline: '',
          description: '',
          // Required by the column; a draft has no logo until one is uploaded (submitProblems says so).
          logoUrl: '',
          gallery: [],
          categoryId,
          sellerId: input.sellerId,
          redemptionUrl: null,
          isPublished: false,
          reviewStatus: 'draft',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error('insert into products returned no row');
      return row;
    });
    return toSellerProduct(deps.db, product, at);
  } catch (error) {
    // Two sellers taking the same free slug at once: the unique key decides, the loser is told.
    if (isSlugTaken(error)) throw AppError.conflict(SellerMessage.slugTaken(input.slug ?? slugFromName(input.name)));
    throw error;
  }
}

type UpdateInput = z.output<typeof UpdateProductInputSchema>;

/**
 * Gallery edits may reorder, rename or drop pictures already uploaded to this product, never
 * point at anything else (an outside URL would be a tracking pixel on the product page).
 */
function checkGallery(product: OwnProduct, gallery: NonNullable<UpdateInput['gallery']>, ownImages: Set<string>) {
  const known = new Set([...product.gallery.map((image) => image.url), ...ownImages]);
  for (const image of gallery) {
    if (!known.has(image.url)) throw AppError.validation(SellerMessage.galleryUnknownImage);
  }
  const urls = gallery.map((image) => image.url);
  if (new Set(urls).size !== urls.length) throw AppError.validation(SellerMessage.galleryUnknownImage);
}

/**
 * The gallery as the seller ordered and named it, each picture with the thumbnail the store has
 * for it: a client names pictures by address and alt text only, never their thumbnails.
 */
function withThumbnails(
  gallery: NonNullable<UpdateInput['gallery']>,
  product: OwnProduct,
  ownImageNames: string[],
): GalleryImage[] {
  const thumbnails = new Map<string, string>();
  for (const name of ownImageNames) thumbnails.set(productImageUrl(name), productThumbUrl(name));
  for (const image of product.gallery) if (image.thumbUrl) thumbnails.set(image.url, image.thumbUrl);
  return gallery.map(({ url, alt }) => {
    const thumbUrl = thumbnails.get(url);
    return thumbUrl ? { url, alt, thumbUrl } : { url, alt };
  });
}

/**
 * `seller/updateProduct`: only the fields sent change. A submitted product is frozen (409); a
 * rejected one goes back to draft; a live one changes at once (decision 014), its refund window
 * only growing and every change in the audit log (decision 019), and the catalogue caches are
 * dropped so the store shows it.
 */
export async function updateSellerProduct(
  deps: SellerDeps,
  actor: SellerActor,
  input: UpdateInput,
): Promise<SellerProduct> {
  const at = deps.now();
  let wasPublished = false;
  try {
    const product = await deps.db.transaction(async (tx) => {
      const current = await requireOwnProduct(tx, actor.id, input.productId, { lock: true });
      requireEditable(current);
      wasPublished = current.isPublished;
      const isLive = hasLiveTerms(current.reviewStatus);
      if (isLive && input.refundWindowDays !== undefined) {
        requireRefundWindowKept(current.refundWindowDays, input.refundWindowDays);
      }
      if (input.slug !== undefined && input.slug !== current.slug) {
        if (current.reviewStatus === 'approved') throw AppError.conflict(SellerMessage.slugFixed);
        if (!(await slugIsFree(tx, input.slug, current.id)))
          throw AppError.conflict(SellerMessage.slugTaken(input.slug));
      }
      const categoryId = input.category === undefined ? undefined : await requireCategory(tx, input.category);
      if (input.endsAt && new Date(input.endsAt).getTime() <= at.getTime()) {
        throw AppError.validation(SellerMessage.endsAtPast);
      }
      let removedImages: string[] = [];
      let ownImageNames: string[] = [];
      if (input.gallery !== undefined) {
        const images = await tx
          .select({ name: productImages.name })
          .from(productImages)
          .where(and(eq(productImages.productId, current.id), eq(productImages.kind, 'gallery')));
        ownImageNames = images.map((image) => image.name);
        const ownUrls = new Set(ownImageNames.map(productImageUrl));
        checkGallery(current, input.gallery, ownUrls);
        const kept = new Set(input.gallery.map((image) => image.url));
        removedImages = images.map((image) => image.name).filter((name) => !kept.has(productImageUrl(name)));
      }
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.tagline !== undefined ? { tagline: input.tagline } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(categoryId !== undefined ? { categoryId } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.alternativeTo !== undefined ? { alternativeTo: input.alternativeTo } : {}),
        ...(input.integrations !== undefined ? { integrations: input.integrations } : {}),
        ...(input.aiModels !== undefined ? { aiModels: input.aiModels } : {}),
        ...(input.aiCreditsPerMonth !== undefined ? { aiCreditsPerMonth: input.aiCreditsPerMonth } : {}),
        ...(input.aiBringYourOwnKey !== undefined ? { aiBringYourOwnKey: input.aiBringYourOwnKey } : {}),
        ...(input.redemptionUrl !== undefined ? { redemptionUrl: input.redemptionUrl } : {}),
        ...(input.refundWindowDays !== undefined ? { refundWindowDays: input.refundWindowDays } : {}),
        ...(input.endsAt !== undefined ? { endsAt: input.endsAt === null ? null : new Date(input.endsAt) } : {}),
        ...(input.gallery !== undefined ? { gallery: withThumbnails(input.gallery, current, ownImageNames) } : {}),
      };
      if (Object.keys(changes).length > 0) await tx.update(products).set(changes).where(eq(products.id, current.id));
      const changed = isLive ? changedFields(current, changes) : null;
      if (changed) {
        await recordSellerEdit(
          tx,
          actor,
          { action: 'product.update', targetKind: 'product', targetId: current.id, ...changed },
          at,
        );
      }
      await markChanged(tx, current, at);
      if (removedImages.length > 0) await tx.delete(productImages).where(inArray(productImages.name, removedImages));
      const [updated] = await tx.select().from(products).where(eq(products.id, current.id));
      if (!updated) throw new Error('the product vanished inside its own transaction');
      return updated;
    });
    // Name, words, category, end time…: the product and every list (decision 044).
    if (wasPublished) deps.catalogChanged(changedBy.listing(product.id));
    return toSellerProduct(deps.db, product, at);
  } catch (error) {
    if (isSlugTaken(error)) throw AppError.conflict(SellerMessage.slugTaken(input.slug ?? ''));
    throw error;
  }
}

/** `seller/deleteProduct`: only a product that was never approved (so never sold or public). */
export async function deleteSellerProduct(deps: SellerDeps, userId: string, productId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const product = await requireOwnProduct(tx, userId, productId, { lock: true });
    if (product.reviewStatus === 'approved' || product.reviewStatus === 'submitted') {
      throw AppError.conflict(SellerMessage.deleteOnlyDrafts);
    }
    // Plans, codes, uploads and pictures go with it (ON DELETE CASCADE).
    await tx.delete(products).where(eq(products.id, product.id));
  });
}

/**
 * `seller/submitProduct`: a draft (or a rejected product) that passes every check of
 * `submitProblems` goes to the team's queue; otherwise 422 naming each problem. The row is locked,
 * so an edit cannot slip in between the check and the status change.
 */
export async function submitSellerProduct(deps: SellerDeps, userId: string, productId: number): Promise<SellerProduct> {
  const at = deps.now();
  const submitted = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProduct(tx, userId, productId, { lock: true });
    if (current.reviewStatus === 'submitted') throw AppError.conflict(SellerMessage.alreadySubmitted);
    if (current.reviewStatus === 'approved') throw AppError.conflict(SellerMessage.alreadyApproved);
    const problems = submitProblems(current, await loadSellerPlans(tx, current.id), at);
    if (problems.length > 0) throw AppError.validation(`Before submitting: ${problems.join('; ')}`);
    const [updated] = await tx
      .update(products)
      .set({ reviewStatus: 'submitted', submittedAt: at, reviewNote: null, updatedAt: at })
      .where(eq(products.id, current.id))
      .returning();
    if (!updated) throw new Error('the product vanished inside its own transaction');
    return { product: updated, queued: await queueSubmittedMails(tx, deps.brand, updated, at) };
  });
  deps.outbox.deliver(submitted.queued);
  return toSellerProduct(deps.db, submitted.product, at);
}

/** `seller/withdrawProduct`: back to draft, so the seller can change it before the team decides. */
export async function withdrawSellerProduct(
  deps: SellerDeps,
  userId: string,
  productId: number,
): Promise<SellerProduct> {
  const at = deps.now();
  const product = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProduct(tx, userId, productId, { lock: true });
    if (current.reviewStatus !== 'submitted') throw AppError.conflict(SellerMessage.notInReview);
    const [updated] = await tx
      .update(products)
      .set({ reviewStatus: 'draft', submittedAt: null, updatedAt: at })
      .where(and(eq(products.id, current.id), eq(products.reviewStatus, 'submitted')))
      .returning();
    if (!updated) throw AppError.conflict(SellerMessage.notInReview);
    return updated;
  });
  return toSellerProduct(deps.db, product, at);
}

/** Where an uploaded product picture is served (product-images.ts). */
export const PRODUCT_IMAGE_URL_PREFIX = '/media/products/';
export const productImageUrl = (name: string) => `${PRODUCT_IMAGE_URL_PREFIX}${name}`;
/** The address of a gallery picture's thumbnail (`-thumb` before `.webp`), served beside it. */
export const productThumbUrl = (name: string) => productImageUrl(name.replace(/\.webp$/, '-thumb.webp'));
