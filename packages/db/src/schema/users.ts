import { sql } from 'drizzle-orm';
import { customType, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Binary column: postgres.js answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const userRole = pgEnum('user_role', ['user', 'admin']);
export const userStatus = pgEnum('user_status', ['active', 'deactivated']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    // Null for accounts that only ever signed in with Google.
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    occupation: text().notNull().default(''),
    avatarUrl: text(),
    role: userRole().notNull().default('user'),
    status: userStatus().notNull().default('active'),
    // Decision 027: when the owner proved holding the mailbox of `email` (a mailed link, or Google
    // vouching for it); null while unproven. A confirmed change sets it: the link proved the new one.
    emailVerifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Opaque session tokens: only a SHA-256 of the token is stored, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Password reset links (decision 002): single use, valid 30 minutes. Like sessions, only a SHA-256
 * of the token is stored, so a database leak cannot be replayed as reset links.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * Mailed sign-in links (decision 002): when an account is under attack, a new address gets one
 * of these instead of a password check. Single use, valid 15 minutes, stored as a SHA-256 like
 * sessions and reset links.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_links_user_id_idx').on(t.userId)],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify', 'change']);

/**
 * Mailed e-mail links (decision 027): `verify` proves the account's address, `change` makes `email`
 * (a new address) the account's. Single use, stored as a SHA-256 of purpose and token, so a token
 * of one purpose (or a reset or sign-in link) never matches a row of another.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose().notNull(),
    // The address the link was mailed to: the one it verifies, or the one it changes to.
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId, t.purpose)],
);

/**
 * Profile pictures, our own 256×256 WebP re-encodes (decision 002), kept in the database rather
 * than on one instance's disk, so every instance serves them and backups include them
 * (docs/operations.md). `name` is the last part of the URL and changes with every upload.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    name: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_avatars_user_id_idx').on(t.userId)],
);

/** External sign-in accounts linked to a user: one row per (provider, subject), e.g. Google's `sub`. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    // The provider's e-mail when linked, kept for support questions ("which Google account?").
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user_id_idx').on(t.userId),
  ],
);

export type UserRow = typeof users.$inferSelect;
