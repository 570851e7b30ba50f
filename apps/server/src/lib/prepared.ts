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

/** A statement as a query builder has it, before it runs: prepared under a name, or run as it is. */
export type Preparable<Rows> = {
  prepare(name: string): Runnable<Rows>;
  execute(values?: Record<string, unknown>): Promise<Rows>;
};

/** A statement ready to run with its placeholders' values. */
export type Runnable<Rows> = { execute(values?: Record<string, unknown>): Promise<Rows> };

/** Shapes kept per database; one unused for longest gives way (the catalogue's searches with rare filter mixes). */
const MAX_SHAPES = 200;
/**
 * Shapes prepared under a name per database and hour. postgres.js keeps each connection's named
 * statements for the connection's life, and PostgreSQL each one's plan in the connection's
 * backend, whatever drops the shape here: an API caller who varied the page size and the filters
 * could make thousands. Past this many in an hour, a new shape is sent unnamed, built and planned
 * on each request as drizzle sends any statement it was not asked to prepare; the pages' own
 * shapes come first in practice, as they are what every visitor asks for.
 */
export const MAX_NAMED_SHAPES = 200;
/**
 * The budget above starts again after this long, the longest a connection lives (postgres.js's
 * default `max_lifetime`, 30 to 60 minutes): a connection then holds at most two hours' named
 * shapes, and a caller who used the budget up slows the shapes first seen after it (unnamed:
 * planned each time) for an hour at most, not until the next restart.
 */
export const NAMED_SHAPES_WINDOW_MS = 60 * 60_000;

type Shapes = { kept: Map<string, Runnable<unknown>>; named: Set<string>; since: number };
const shapesByDb = new WeakMap<Db, Shapes>();

/**
 * The statement of shape `key` on `db`, built once (`build`) and prepared as `name` while fewer
 * than `MAX_NAMED_SHAPES` shapes are in this window; the least recently used dropped past
 * `MAX_SHAPES` (a shape prepared before is prepared again under the same text, which the
 * connections already hold). A new window builds every shape again and names them afresh.
 */
export function perShape<Rows>(db: Db, key: string, name: string, build: () => Preparable<Rows>): Runnable<Rows> {
  const now = Date.now();
  let shapes = shapesByDb.get(db);
  if (!shapes || now - shapes.since >= NAMED_SHAPES_WINDOW_MS) {
    shapes = { kept: new Map(), named: new Set(), since: now };
    shapesByDb.set(db, shapes);
  }
  const { kept, named } = shapes;
  const known = kept.get(key) as Runnable<Rows> | undefined;
  if (known !== undefined) {
    // Most recently used last, so the first key is the one to drop.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const statement = build();
  let built: Runnable<Rows> = statement;
  if (named.has(key) || named.size < MAX_NAMED_SHAPES) {
    named.add(key);
    built = statement.prepare(name);
  }
  kept.set(key, built);
  if (kept.size > MAX_SHAPES) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return built;
}
