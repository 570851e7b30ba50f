/**
 * Search that forgives (decision 003, requirements §10): words of a query are corrected against the
 * catalogue's own vocabulary (`search_words`, kept by triggers, migration 0013) by
 * `correct_search_words`, which takes the nearest words by trigram distance through the GiST
 * index and keeps the one fewest edits away. Only a search that found nothing or little pays for
 * it: the common path runs none of this.
 */
import { type CategoryRef, SEARCH_CATEGORY_LIMIT } from '@everdeal/contracts';
import { categories, type Db, products } from '@everdeal/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { perShape, rowCount } from '../../lib/prepared';
import { inNameQuery, type ListOrder, orderFor, type Search } from './catalog-query.sql';
import { type SummaryRow, summaryColumns } from './catalog-summaries';
import { rankedPage } from './ranked-page.sql';

/** The words as one `text[]` of bind parameters (Drizzle would expand a JS array into a list). */
function textArray(words: string[]): SQL {
  return sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
}

const oneRow = sql`(values (1)) as one (x)`;

/** The query the vocabulary would make of `words`, or null when it would change nothing. One statement. */
export async function getSearchCorrection(db: Db, words: string[]): Promise<string | null> {
  const [row] = await db
    .select({ query: sql<string>`array_to_string(correct_search_words(${textArray(words)}), ' ')` })
    .from(oneRow);
  return row && row.query !== words.join(' ') ? row.query : null;
}

export type CorrectedPage = { query: string; rows: SummaryRow[]; total: number };

/** The words as `text[]` of named placeholders `word0`, `word1`…, for a prepared statement. */
function wordSlots(count: number): SQL {
  return sql`array[${sql.join(
    Array.from({ length: count }, (_, i) => sql`${sql.placeholder(`word${i}`)}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The page of results of the corrected query, in one statement: the correction is computed once
 * (a CTE), and the page comes with its total (`count(*) over ()`, in order of relevance over the
 * matches' ids and ranks alone: `rankedPage`). Null when the vocabulary
 * changes nothing or the corrected query finds nothing either. Prepared once per list shape and
 * number of words (`perShape`): built for every typo, drizzle's building and PostgreSQL's
 * planning of it cost about 2 ms of the typo path (docs/benchmarks.md, "Distinct searches").
 */
export async function getCorrectedPage(
  db: Db,
  options: {
    words: string[];
    /** The list's shape (`listShape`): its filters, sort and page size. */
    shape: string;
    /** The list's filters (`filterConditions`), with their values in `values` (`listValues`). */
    filters: SQL | undefined;
    /** Whether `filters` read the category (a category filter). */
    filtersReadCategory: boolean;
    values: Record<string, unknown>;
    order: ListOrder;
    limit: number;
  },
): Promise<CorrectedPage | null> {
  const { words, shape, filters, filtersReadCategory, values, order, limit } = options;
  const statement = perShape(db, `corrected ${words.length} ${shape}`, 'catalog_corrected_page', () => {
    const typed = wordSlots(words.length);
    const fixed = db
      .$with('fixed')
      .as(db.select({ words: sql<string[]>`correct_search_words(${typed})`.as('words') }).from(oneRow));
    const corrected = sql<string>`(select array_to_string(${fixed}.words, ' ') from ${fixed})`;
    const tsquery = sql`(select to_tsquery('english', search_tsquery_text(${fixed}.words)) from ${fixed})`;
    // Any corrected word in a name, as `buildSearch` ranks.
    const inName = inNameQuery(sql`(select ${fixed}.words from ${fixed})`);
    const search: Search = {
      condition: sql`${products.searchVector} @@ ${tsquery}`,
      rank: sql<number>`(ts_rank(${products.searchVector}, ${tsquery}) + case when ${products.searchVector} @@ ${inName} then word_similarity(${corrected}, lower(${products.name})) else 0 end)`,
    };
    const where = and(filters, sql`${corrected} <> array_to_string(${typed}, ' ')`, search.condition);
    if (order === 'relevance') {
      const { page, orderBy } = rankedPage(db, search, where, {
        joinCategories: filtersReadCategory,
        limit: rowCount(limit),
        offset: rowCount(0),
      });
      return db
        .with(fixed)
        .select({ ...summaryColumns, corrected, total: sql<number>`${page.matched}`.mapWith(Number) })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(...orderBy);
    }
    return db
      .with(fixed)
      .select({ ...summaryColumns, corrected, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...orderFor(order, search))
      .limit(rowCount(limit));
  });
  const rows = await statement.execute({
    ...values,
    ...Object.fromEntries(words.map((word, i) => [`word${i}`, word])),
  });
  const first = rows[0];
  if (!first) return null;
  return { query: first.corrected, rows, total: first.total };
}

/** "chatbots" and "chatbot", "sales" and "sale" name the same thing. */
const singular = (word: string) => word.toLowerCase().replace(/s$/, '');

/**
 * The categories of the results that a word of the query names (its slug or a word of its name,
 * plural or not), in the results' order, at most SEARCH_CATEGORY_LIMIT. Plain code over the page:
 * no statement.
 */
export function suggestCategories(
  words: readonly string[],
  rows: readonly Pick<SummaryRow, 'categorySlug' | 'categoryName'>[],
): CategoryRef[] {
  const wanted = new Set(words.map(singular));
  const found = new Map<string, CategoryRef>();
  for (const row of rows) {
    if (found.size >= SEARCH_CATEGORY_LIMIT) break;
    if (found.has(row.categorySlug)) continue;
    const names = [row.categorySlug, ...row.categoryName.split(/[^\p{L}\p{N}]+/u)].filter(Boolean);
    if (names.some((name) => wanted.has(singular(name)))) {
      found.set(row.categorySlug, { slug: row.categorySlug, name: row.categoryName });
    }
  }
  return [...found.values()];
}
