import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const planKind = pgEnum('plan_kind', ['lifetime', 'subscription']);
export const billingInterval = pgEnum('billing_interval', ['month', 'year']);
export const dealStatus = pgEnum('deal_status', ['upcoming', 'live', 'sold_out', 'ended']);
/**
 * A code's life in its pool: `available`, `reserved` by a pending order (checkout, decision 007),
 * `allocated` to a paid order item, `revoked` by a refund. Who holds a code is order_item_codes.
 */
/**
 * The lifetime promise (decision 031): `sunsetting` once the seller gave notice (sales stopped,
 * protection paid at `sunset_at`), `shut_down` once an admin ended the deal (protection paid at once).
 */
export const lifetimePromiseStatus = pgEnum('lifetime_promise_status', ['active', 'sunsetting', 'shut_down']);
export const licenseCodeStatus = pgEnum('license_code_status', ['available', 'reserved', 'allocated', 'revoked']);

/**
 * Where a product stands on its way from a seller to the store (decision 014): the seller's `draft`,
 * `submitted` for the team's review, `approved` (an admin accepted it) or `rejected` with a note
 * the seller reads. Demo and older rows are `approved`. Whether the store lists a product is still
 * `is_published` alone: an admin publishes and unpublishes approved products.
 */
export const productReviewStatus = pgEnum('product_review_status', ['draft', 'submitted', 'approved', 'rejected']);

/** Binary column: postgres.js answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Written only by the `products_search_vector` trigger (migration 0003, decision 003). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `thumbUrl`: the small copy the product page's row of thumbnails shows, when the store made one. */
export type GalleryImage = { url: string; alt: string; thumbUrl?: string };

/** A plan's cell in its product's feature matrix (requirements §10, `PlanFeature` of the contracts). */
export type PlanFeatureCell = { name: string; value: string | null };

/** What the deal-health score is made of (decision 011); null where there is nothing to measure yet. */
export type DealHealthParts = {
  daysSinceUpdate: number;
  founderAnswerHours: number | null;
  refundRate: number | null;
  ratingTrend: number | null;
};

export const sellers = pgTable('sellers', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  website: text(),
  bio: text().notNull().default(''),
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  position: integer().notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    tagline: text().notNull(),
    description: text().notNull().default(''),
    logoUrl: text().notNull(),
    gallery: jsonb().$type<GalleryImage[]>().notNull().default([]),
    // The 1200×630 PNG that OpenGraph and Twitter cards show (requirements §10: social sites do not show
    // SVG); null shares the brand card.
    shareImageUrl: text(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    alternativeTo: text().array().notNull().default(sql`'{}'::text[]`),
    integrations: text().array().notNull().default(sql`'{}'::text[]`),
    aiModels: text().array().notNull().default(sql`'{}'::text[]`),
    aiCreditsPerMonth: integer(),
    aiBringYourOwnKey: boolean().notNull().default(false),
    redemptionUrl: text(),
    refundWindowDays: integer().notNull().default(60),
    dealStatus: dealStatus().notNull().default('live'),
    endsAt: timestamp({ withTimezone: true }),
    isFeatured: boolean().notNull().default(false),
    isPublished: boolean().notNull().default(true),
    // The seller keeps the product out of store-wide sales (decision 042).
    saleOptOut: boolean().notNull().default(false),
    reviewStatus: productReviewStatus().notNull().default('approved'),
    // The admin's reason when a submission is rejected; cleared when the seller submits again.
    reviewNote: text(),
    submittedAt: timestamp({ withTimezone: true }),
    // Denormalised counters, kept in step by the code that changes upvotes and reviews, so a
    // product list never has to aggregate those tables.
    upvoteCount: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    ratingTotal: integer().notNull().default(0),
    // The cheapest plan's first-year cost (a lifetime price, 12 monthly or 1 yearly payment,
    // decision 013), kept by the `plans_min_price` trigger (migrations 0003 and 0013) so price
    // filters and sorts need no per-product subquery. Null while a product has no plan.
    minPriceCents: integer(),
    // Time-decayed recent upvotes and sales, refreshed periodically (decision 003).
    trendingScore: doublePrecision().notNull().default(0),
    // Deal health (requirements §12, decision 011): 0 to 100 and its parts, refreshed with the
    // trending scores, null until the first refresh.
    dealHealthScore: integer(),
    dealHealthParts: jsonb().$type<DealHealthParts>(),
    // The lifetime promise (decision 031): the deal's end, what the seller (or the admin) told
    // buyers, and when every active item's protection was paid.
    lifetimePromise: lifetimePromiseStatus().notNull().default('active'),
    sunsetAt: timestamp({ withTimezone: true }),
    sunsetMessage: text(),
    protectionPaidAt: timestamp({ withTimezone: true }),
    // Weighted full-text document: name A; tagline, tags, category name B; description C.
    searchVector: tsvector().notNull().default(sql`''::tsvector`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_refund_window_days_check', sql`${t.refundWindowDays} >= 0`),
    // Only an approved product can be in the store: a draft or a rejected one never shows.
    check('products_published_is_approved_check', sql`not ${t.isPublished} or ${t.reviewStatus} = 'approved'`),
    index('products_category_id_idx').on(t.categoryId),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_min_price_cents_idx').on(t.minPriceCents),
    // The list's sorts, column for column (catalog-query.sql.ts `orderFor`), over published products:
    // a page walks one of these and stops after `pageSize` matches instead of sorting them all.
    index('products_featured_order_idx')
      .on(t.isFeatured.desc().nullsFirst(), t.upvoteCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index('products_trending_order_idx')
      .on(t.trendingScore.desc().nullsFirst(), t.upvoteCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index('products_newest_order_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    index('products_popular_order_idx')
      .on(t.upvoteCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    // The rating sort's expression, exactly as catalog-query.sql.ts `rating` writes it.
    index('products_rating_order_idx')
      .on(
        sql`(case when ${t.reviewCount} = 0 then 0 else round(${t.ratingTotal}::numeric / ${t.reviewCount}, 1) end) desc`,
        t.reviewCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isPublished}`),
    // The admin's review queue: submissions, oldest first.
    index('products_review_queue_idx').on(t.submittedAt).where(sql`${t.reviewStatus} = 'submitted'`),
    // Counts of a filtered list (status, ending time, category) as index-only scans.
    check('products_sunset_check', sql`(${t.lifetimePromise} = 'active') = (${t.sunsetAt} is null)`),
    // The protection job's scan: deals whose end came and whose buyers are not all paid yet.
    index('products_protection_due_idx')
      .on(t.sunsetAt)
      .where(sql`${t.lifetimePromise} <> 'active' and ${t.protectionPaidAt} is null`),
    index('products_listing_status_idx').on(t.dealStatus, t.endsAt, t.categoryId).where(sql`${t.isPublished}`),
  ],
);

/**
 * The catalogue's own vocabulary, for correcting a search that found nothing (decision 003,
 * requirements §10): each word (letters and digits, 3 to 30 characters) of the name, tagline, tags,
 * category and description of the published products, with how many of them use it. Written
 * only by the triggers on `products` of migration 0013; `correct_search_words` reads it through
 * the trigram index.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text().primaryKey(),
    productCount: integer().notNull(),
  },
  (t) => [
    index('search_words_word_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
    // Byte-wise order: the words that begin with a search's last word (`search_typed_tsquery`, migration 0044).
    index('search_words_word_prefix_idx').using('btree', t.word.op('text_pattern_ops')),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
    kind: planKind().notNull().default('lifetime'),
    billingInterval: billingInterval(),
    priceCents: integer().notNull(),
    originalPriceCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    // The plan's bullets, as its seller wrote them (requirements §7 `features`).
    features: text().array().notNull().default(sql`'{}'::text[]`),
    // The plan's cells of the product's feature matrix, in row order: a feature the plan lacks
    // has no cell. Empty when the seller gave no matrix; the product page then compares nothing
    // rather than read the bullets as one (decision 013).
    featureMatrix: jsonb().$type<PlanFeatureCell[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plans_product_id_idx').on(t.productId),
    // A plan is a paid deal: a price of 0 would make a paid order with codes and no charge
    // (decision 014, "Prices").
    check('plans_price_check', sql`${t.priceCents} > 0 and ${t.originalPriceCents} >= ${t.priceCents}`),
    check('plans_interval_check', sql`(${t.kind} = 'lifetime') = (${t.billingInterval} is null)`),
  ],
);

export const licenseCodes = pgTable(
  'license_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    status: licenseCodeStatus().notNull().default('available'),
    allocatedAt: timestamp({ withTimezone: true }),
    // The seller's CSV upload that added the code (decision 014); null for seeded and factory codes.
    // It tells a code repeated within one file from one already in the pool (decision 014).
    uploadId: uuid().references((): AnyPgColumn => licenseCodeUploads.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('license_codes_plan_id_code_key').on(t.planId, t.code),
    index('license_codes_plan_id_status_idx').on(t.planId, t.status),
    // Recent sales for the trending score (decision 003).
    index('license_codes_allocated_at_idx').on(t.allocatedAt).where(sql`${t.status} = 'allocated'`),
    // The sellers' license calls find a sold code by its text alone (decision 032).
    index('license_codes_code_idx').on(t.code),
  ],
);

/**
 * One CSV of license codes a seller uploaded to a plan (decision 014): who, when, the
 * file's name and what became of its rows. Written `running` before the first code is inserted
 * and finished with the counts, so an upload cut off half-way is visible as such.
 */
export const licenseCodeUploadStatus = pgEnum('license_code_upload_status', ['running', 'finished', 'failed']);

export const licenseCodeUploads = pgTable(
  'license_code_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    status: licenseCodeUploadStatus().notNull().default('running'),
    // Rows that were not blank, and what became of them: added + duplicates + invalid = rows.
    rows: integer().notNull().default(0),
    added: integer().notNull().default(0),
    duplicatesInFile: integer().notNull().default(0),
    duplicatesInPool: integer().notNull().default(0),
    invalid: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('license_code_uploads_plan_idx').on(t.planId, t.createdAt)],
);

/**
 * Logos and gallery pictures sellers upload (decision 014), always our own WebP re-encode, kept in
 * the database like avatars (decision 008: an instance keeps nothing another needs) and served at
 * `/media/products/<name>`. A picture belongs to one product; replacing or removing it deletes it.
 */
export const productImageKind = pgEnum('product_image_kind', ['logo', 'gallery']);

export const productImages = pgTable(
  'product_images',
  {
    name: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: productImageKind().notNull(),
    image: bytea().notNull(),
    /** A gallery picture's small copy for the row of thumbnails; made on first request for pictures older than it. */
    thumbnail: bytea(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);
