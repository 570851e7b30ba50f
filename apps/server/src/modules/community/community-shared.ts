import { AppError, type Author, COMMUNITY_PAGE_SIZE, CommunityMessage } from '@everdeal/contracts';
import { type Db, orderItems, orders, products, sellerMembers, type Tx, users } from '@everdeal/db';
import { type AnyColumn, and, count, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogChanged } from '../../lib/cache-tags';
import type { MailBrand } from '../../lib/mail-layout';
import { type Preparable, perShape, rowCount } from '../../lib/prepared';
import type { RateLimits } from '../../plugins/rate-limit';
import type { Outbox } from '../mail';

// What every community call shares (decision 011): the product a post is about, who speaks for
// its seller, who bought it, and how an author is shown.

export type CommunityDeps = {
  db: Db;
  now: () => Date;
  limits: RateLimits;
  /**
   * Clears the catalogue answers and rendered pages showing what a write changed (decision 044):
   * every write that changes what a page shows calls it once committed, with the tags of
   * `changedBy`; `community-cache.test.ts` holds each write to it.
   */
  catalogChanged: CatalogChanged;
  /** Answers are mailed to the asker (question-mail.ts), queued with the answer (decision 029). */
  outbox: Outbox;
  brand: MailBrand;
  log: FastifyBaseLogger;
  /**
   * Told of each new question in the transaction that stores it; app.ts has the seller's members'
   * mails queued there (sellers' `queueNewQuestionMails`), so community never imports the seller
   * area that reads it. Answers the queued rows, delivered once committed.
   */
  onQuestionAsked: (tx: Tx, question: AskedQuestion, at: Date) => Promise<string[]>;
};

/** A question just asked, as the product's seller hears of it. */
export type AskedQuestion = {
  id: number;
  productId: number;
  productName: string;
  title: string;
  body: string;
  url: string;
  askerEmail: string;
};

/** The author columns of a post, read alongside it (no statement per row). */
export const authorColumns = {
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatarUrl: users.avatarUrl,
};

type AuthorRow = { authorFirstName: string | null; authorLastName: string | null; authorAvatarUrl: string | null };

/**
 * Public pages show the first name and the last name's initial ("Alex M."), never the e-mail
 * address: the display name of requirements §3 falls back to the address, which must not reach
 * a page anyone can read.
 */
export function toAuthor(row: AuthorRow): Author {
  const first = row.authorFirstName?.trim() ?? '';
  const initial = row.authorLastName?.trim().charAt(0) ?? '';
  const name = [first, initial && `${initial.toUpperCase()}.`].filter(Boolean).join(' ');
  return { name: name || 'Everdeal member', avatarUrl: row.authorAvatarUrl };
}

/** A published product someone writes about; 404 otherwise. Answers its seller for the founder checks. */
export async function requirePublishedProduct(db: Db, productId: number): Promise<{ id: number; sellerId: number }> {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isPublished, true)))
    .limit(1);
  if (!row) throw AppError.notFound(CommunityMessage.productNotFound);
  return row;
}

/** The id of a published product by slug, for the list calls that found no row; 404 otherwise. */
async function requireProductIdBySlug(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isPublished, true)))
    .limit(1);
  if (!row) throw AppError.notFound(CommunityMessage.productNotFound);
  return row.id;
}

/** Whether the user is a member of the seller (answers carry the "Founder" badge). */
export async function isSellerMember(db: Db, sellerId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sellerMembers)
    .where(and(eq(sellerMembers.sellerId, sellerId), eq(sellerMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Requirements §12 "verified purchaser": the user holds an active item of the product in a paid
 * order. A refunded item is no longer `active` (refunds move it on), so it no longer counts.
 * The holder is the buyer until a gift or a transfer is claimed, then the recipient alone
 * (`holder_id`, decision 043): whoever holds the license may review it, and a buyer who gave
 * theirs away no longer counts. Two branches rather than `coalesce(holder, buyer)`, so each can
 * use its index (the buyer's orders, the holder's items). Columns may also be written by hand
 * (`sql`), for a post read inside a JSON sub-select.
 */
export const holdsActiveItem = (
  userId: string | AnyColumn | SQL,
  productId: number | AnyColumn | SQL,
) => sql<boolean>`(exists (
  select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
  where oi.product_id = ${productId} and o.user_id = ${userId} and oi.holder_id is null
    and o.status = 'paid' and oi.status = 'active')
  or exists (
  select 1 from ${orderItems} oi join ${orders} o on o.id = oi.order_id
  where oi.holder_id = ${userId} and oi.product_id = ${productId} and o.status = 'paid' and oi.status = 'active'))`;

export async function isVerifiedPurchaser(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db.select({ verified: holdsActiveItem(userId, productId) }).from(sql`(values (1)) as one (x)`);
  return row?.verified === true;
}

/** Every community write costs a point of the caller's budget (decision 011). */
export function consumeWritePoint(deps: CommunityDeps, userId: string): Promise<void> {
  return deps.limits.consume([['communityPostPerUser', userId]]);
}

// How a list call reads one page (docs/benchmarks.md, "Community on the product page"): each
// list has an index of migration 0011 that starts with `product_id` and goes on in the list's
// order, so PostgreSQL can walk it and stop after the page. It can only if the statement lets
// it: the product is a value known before the posts are read, the ORDER BY says what the index
// says, and no window function needs every post before the first row comes out. Whether it does
// is the planner's choice, made before it knows the product: it expects the average number of
// posts per product, and for a few rows a sort costs about as little as the walk.

/**
 * The id of a published product by slug, as a sub-select: PostgreSQL runs it once, before the
 * posts are read (an InitPlan), and reads the list's index at `product_id = <that id>`. A join
 * with products instead reads the posts inside a nested loop, whose rows come out in no order
 * PostgreSQL knows of: it reads every post of the product and sorts them. No published product
 * by that slug: null, no post, an empty page (the caller then tells 404 from an empty list).
 */
const publishedProductIdBySlug = (db: Db, slug: string | Placeholder) =>
  sql<number>`(${db
    .select({ id: products.id })
    .from(products)
    // "Published" as the bare column, not a value a generic plan cannot know (catalog-query.sql.ts, `isPublished`).
    .where(and(eq(products.slug, slug), sql`${products.isPublished}`))})`;

/**
 * A descending key as the indexes of migration 0011 store it, `desc nulls last`. A bare `desc`
 * means `desc nulls first`, which is not the index's order, so PostgreSQL sorts instead of
 * walking the index. The keys are NOT NULL columns: both orders put the posts alike.
 */
export const descAsIndexed = (key: AnyColumn | SQL) => sql`${key} desc nulls last`;

/**
 * A list's total beside its page, as a sub-select PostgreSQL runs once (an InitPlan): it counts
 * the product's posts without their authors or a sort. `count(*) over ()` needs every post of
 * the product, joined and computed, before the page's first row comes out.
 */
const totalOf = (count: SQLWrapper) => sql<number>`(${count})`.mapWith(Number);

/** What a list call is asked: the product by slug and the page. */
export type PostsPageQuery = { slug: string; page: number; pageSize: number };

/** The answer of a list call (the contracts' `*List`). */
type PostsPage<Item> = { items: Item[]; total: number; page: number; pageSize: number };

/** What `readPostsPage` hands a list's statement: its filter, its total column and its bounds. */
type PostsPageRead = { visible: SQL | undefined; total: SQL<number>; limit: Placeholder; offset: Placeholder };

/** The posts of one list: their table, and which of a product's rows it shows. */
type ProductPosts = {
  table: PgTable;
  /** The product is the slug's sub-select on the page, a known id in the count past its end. */
  visible: (productId: number | SQL<number>) => SQL | undefined;
};

/** One list of a product's posts, as `readPostsPage` reads it. */
type PostsList<Row, Item> = ProductPosts & {
  /** The list and its order: with whether the page is the first, the shape of its prepared statement. */
  shape: string;
  /**
   * The list's one statement: its columns with `total`, filtered by `visible`, ordered exactly as
   * its `*_product_*_idx` index (so PostgreSQL walks it and stops), within `limit` and `offset`.
   * Built once per shape: it may use nothing of the request but the list's order.
   */
  read: (page: PostsPageRead) => Preparable<(Row & { total: number })[]>;
  toItem: (row: Row) => Item;
  /** The total beside a page with no row, when the list has a cheaper one than `countPosts`. */
  totalPastEnd?: () => Promise<number>;
};

/**
 * One page of a product's posts (see "How a list call reads one page" above): the page and its
 * total in the list's one statement; a page with no row adds `totalPastEnd`, or `countPosts`.
 *
 * The statement of the pages' own page size (`COMMUNITY_PAGE_SIZE`, also the API's default) is
 * prepared once per list, order and first or later page, the slug and a later page's OFFSET its
 * values: sent unnamed, as drizzle sends a statement it was not asked to prepare, PostgreSQL
 * planned it again on every request (0.35 to 1.1 ms of its CPU for a page of posts, twenty times
 * the reading: docs/benchmarks.md, "Catalogue"). The LIMIT and the first page's OFFSET are written
 * into the text (`rowCount`) and "published" is the bare column, so the generic plan PostgreSQL
 * keeps is the walk down the list's index. Another page size, which only an API caller asks for,
 * is sent unnamed as before: preparing every size a caller may pick would fill the statements
 * kept per database (`perShape`) and each connection's prepared statements.
 */
export async function readPostsPage<Row, Item>(
  db: Db,
  query: PostsPageQuery,
  list: PostsList<Row, Item>,
): Promise<PostsPage<Item>> {
  const first = query.page === 1;
  const build = () => {
    const visible = list.visible(publishedProductIdBySlug(db, sql.placeholder('slug')));
    return list.read({
      visible,
      total: totalOf(db.select({ count: count() }).from(list.table).where(visible)),
      limit: rowCount(query.pageSize),
      offset: first ? rowCount(0) : sql.placeholder('offset'),
    });
  };
  const statement =
    query.pageSize === COMMUNITY_PAGE_SIZE
      ? perShape(db, `posts ${list.shape} ${first ? 'first' : 'later'}`, 'community_posts_page', build)
      : build();
  const rows = await statement.execute({ slug: query.slug, offset: (query.page - 1) * query.pageSize });
  const total = rows[0]?.total ?? (await (list.totalPastEnd?.() ?? countPosts(db, query, list)));
  return { items: rows.map(list.toItem), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The total beside a page with no row: one statement tells an unknown product (404) from one
 * with no post (0 on the first page); past the first page, one more counts its posts.
 */
async function countPosts(db: Db, query: PostsPageQuery, posts: ProductPosts): Promise<number> {
  const productId = await requireProductIdBySlug(db, query.slug);
  if (query.page === 1) return 0;
  const [row] = await db.select({ count: count() }).from(posts.table).where(posts.visible(productId));
  return row?.count ?? 0;
}
