import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './catalog';
import { users } from './users';

/**
 * Seller applications and the admin audit log (requirements §13, decision 015).
 *
 * An application is the /launch form. A user has at most one open application at a time (a
 * partial unique index, so two tabs submitting together cannot both win); approving one
 * creates the seller and its first member, rejecting one keeps the reason the applicant is told.
 */
export const sellerApplicationStatus = pgEnum('seller_application_status', ['open', 'approved', 'rejected']);

export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    website: text().notNull(),
    productName: text().notNull(),
    email: text().notNull(),
    description: text().notNull(),
    status: sellerApplicationStatus().notNull().default('open'),
    // The reason given to the applicant on rejection (and kept on approval, if any was written).
    decisionReason: text(),
    sellerId: integer().references(() => sellers.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('seller_applications_one_open_per_user').on(t.userId).where(sql`${t.status} = 'open'`),
    index('seller_applications_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Who wrote an audit row: an admin, or a seller editing a product that is live (decision 019). */
export const auditActorKind = pgEnum('audit_actor_kind', ['admin', 'seller']);

/**
 * Every admin action, and every seller edit of an approved product (decision 019), written in the
 * same transaction as the change it records: who (the actor, their kind and the e-mail they had
 * then, kept if the account goes), what (an action name such as `product.publish`, its target and
 * the part of it, such as one plan), when, and the changed fields before and after.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    actorKind: auditActorKind().notNull().default('admin'),
    action: text().notNull(),
    targetKind: text().notNull(),
    targetId: text().notNull(),
    /** The part of the target the change is about ("plan Tier 1 (#12)"), when not the whole. */
    subject: text(),
    reason: text(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_actions_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_actions_target_idx').on(t.targetKind, t.targetId),
  ],
);

export type SellerApplicationRow = typeof sellerApplications.$inferSelect;
export type AdminActionRow = typeof adminActions.$inferSelect;
