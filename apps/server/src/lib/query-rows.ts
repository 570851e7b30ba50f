import type { Db } from '@everdeal/db';
import type { SQL } from 'drizzle-orm';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw statement: postgres.js answers an array, PGlite an object with `rows`. */
export async function queryRows<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
