import { categories, type Db, products } from '@everdeal/db';
import { desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { rowCount } from '../../lib/prepared';
import type { Search } from './catalog-query.sql';

/**
 * A page of a search in order of relevance and the number of its matches, in two steps: every
 * match's id, rank and trending score, ranked as it is read and counted over these narrow rows
 * (`count(*) over ()`); then the columns of the page's products, joined by id for its rows only.
 * Written as one select with the count beside the page's columns, PostgreSQL kept each match's
 * whole row for the count and ranked it there: 13 ms for "writing" (3,400 matches) against 5, the
 * same rows in the same order (docs/benchmarks.md, "Distinct searches").
 *
 * `where` holds the search's condition and the list's filters; `joinCategories` when they read the
 * category (its slug). The page's products are joined to `page` by id, in its order (`orderBy`).
 */
export function rankedPage(
  db: Db,
  search: Search,
  where: SQL | undefined,
  options: { joinCategories: boolean; limit: Placeholder; offset: Placeholder },
) {
  const candidates = db
    .select({ id: products.id, rank: search.rank.as('rank'), trendingScore: products.trendingScore })
    .from(products);
  const matches = (
    options.joinCategories ? candidates.innerJoin(categories, eq(categories.id, products.categoryId)) : candidates
  )
    .where(where)
    // OFFSET 0 keeps PostgreSQL from folding this select into the next, which moved the ranking
    // back beside the count.
    .offset(rowCount(0))
    .as('matches');
  const page = db
    .select({
      id: matches.id,
      rank: matches.rank,
      trendingScore: matches.trendingScore,
      matched: sql<string>`count(*) over ()`.as('matched'),
    })
    .from(matches)
    .orderBy(desc(matches.rank), desc(matches.trendingScore), desc(matches.id))
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  return {
    /** The page's ids, ranks and the number of matches (as text: a bigint), on each row. */
    page,
    /** The relevance order, as `orderFor` has it: rank, then trending score, then the newer id. */
    orderBy: [desc(page.rank), desc(page.trendingScore), desc(page.id)],
  };
}
