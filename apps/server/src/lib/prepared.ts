import type { Db } from '@everdeal/db';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';

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

/**
 * A LIMIT or OFFSET written into the statement's text rather than passed as a value: a generic
 * plan reads a parameter there as "a tenth of the rows", and planned the related deals as a
 * bitmap scan of a whole category sorted at the end instead of a walk down the trending index
 * that stops after five (36 ms instead of 1). drizzle types both clauses as a number or a
 * placeholder; a raw SQL number renders as itself, and `n` is a validated whole number.
 */
export function rowCount(n: number): Placeholder {
  return sql.raw(String(Math.trunc(n))) as unknown as Placeholder;
}

/** Shapes kept per database; one unused for longest gives way (the catalogue's searches with rare filter mixes). */
const MAX_SHAPES = 200;
const shapesByDb = new WeakMap<Db, Map<string, unknown>>();

/** The statement of shape `key` on `db`, built and prepared once (`build`), the least recently used dropped past `MAX_SHAPES`. */
export function perShape<T>(db: Db, key: string, build: () => T): T {
  let shapes = shapesByDb.get(db);
  if (!shapes) {
    shapes = new Map();
    shapesByDb.set(db, shapes);
  }
  const known = shapes.get(key) as T | undefined;
  if (known !== undefined) {
    // Most recently used last, so the first key is the one to drop.
    shapes.delete(key);
    shapes.set(key, known);
    return known;
  }
  const built = build();
  shapes.set(key, built);
  if (shapes.size > MAX_SHAPES) {
    const oldest = shapes.keys().next().value;
    if (oldest !== undefined) shapes.delete(oldest);
  }
  return built;
}
