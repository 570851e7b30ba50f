import type { Db } from '@everdeal/db';

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
