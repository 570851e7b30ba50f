import type { Db } from '@everdeal/db';
import type { Query, SQL } from 'drizzle-orm';

/**
 * Statements built once per database and prepared: drizzle then renders each SQL text once
 * instead of on every call (rendering costs more CPU than the round trip, docs/benchmarks.md),
 * and PostgreSQL plans each once per connection. `build` makes them with `sql.placeholder`s.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let built = statements.get(db);
    if (!built) {
      built = build(db);
      statements.set(db, built);
    }
    return built;
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A raw statement (`sql` with `sql.placeholder`s) that the query builders' `.prepare(name)` cannot
 * make: rendered once, then sent as a named prepared statement by whichever runner executes it,
 * the pool or a transaction's connection. `db.execute` would render the text on every call and
 * send it unprepared, which postgres.js answers with an extra round trip to describe its
 * parameters before the one that runs it (docs/benchmarks.md, checkout). Answers the rows.
 */
export function preparedStatement(name: string, build: () => SQL) {
  // The text depends on the dialect only, which every database of the app configures alike.
  let query: Query | undefined;
  return async <T>(runner: Db | Tx, values: Record<string, unknown>): Promise<T[]> => {
    query ??= runner.execute(build()).getQuery();
    const result: unknown = await runner._.session.prepareQuery(query, undefined, name, false).execute(values);
    // postgres.js answers the rows, PGlite an object holding them.
    if (Array.isArray(result)) return result as T[];
    return ((result as { rows?: T[] }).rows ?? []) as T[];
  };
}
