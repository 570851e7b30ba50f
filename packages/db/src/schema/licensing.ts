import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './catalog';
import { users } from './users';

/**
 * A seller's API key for the license calls (decision 032). The key itself (`evd_` + 256 random
 * bits) is shown once and never stored: `key_hash` is its SHA-256 (lib/opaque-token.ts), unique,
 * so a call finds its key by one index lookup. `key_prefix` is the first characters of the key,
 * not a secret, so members can tell their keys apart. A revoked key keeps its row (the audit log
 * names it) with `revoked_at` set; `last_used_at` moves at most once a minute per key.
 */
export const sellerApiKeys = pgTable(
  'seller_api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    keyHash: text().notNull().unique('seller_api_keys_key_hash_key'),
    keyPrefix: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('seller_api_keys_seller_id_created_at_idx').on(t.sellerId, t.createdAt)],
);

export type SellerApiKeyRow = typeof sellerApiKeys.$inferSelect;
