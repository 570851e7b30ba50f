/**
 * What the benchmarks' bare floors (bench/cart-floor.ts, bench/checkout-floor.ts) share: the app's
 * prepared statements as text and a binder, and where the session lookup's columns sit in its
 * array rows. The floors send exactly the app's SQL (docs/benchmarks.md).
 */
import { sessions, users } from '@everdeal/db';
import { fillPlaceholders, getTableColumns } from 'drizzle-orm';

/** A prepared drizzle statement of the app (same text, same placeholders); `bind` fills them as drizzle's execute() does. */
export function prepared(query: { getQuery(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.getQuery();
  return { text, bind: (values: Record<string, unknown>) => fillPlaceholders(params, values) };
}

/** Column positions of the session lookup's row sent as an array (sessions first, then users). */
export function sessionColumnIndex() {
  const sessionKeys = Object.keys(getTableColumns(sessions));
  const userKeys = Object.keys(getTableColumns(users));
  const at = (keys: string[], key: string, offset = 0) => {
    const index = keys.indexOf(key);
    if (index < 0) throw new Error(`no column ${key}`);
    return offset + index;
  };
  return {
    revokedAt: at(sessionKeys, 'revokedAt'),
    expiresAt: at(sessionKeys, 'expiresAt'),
    userId: at(userKeys, 'id', sessionKeys.length),
    status: at(userKeys, 'status', sessionKeys.length),
  };
}
