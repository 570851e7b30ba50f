import {
  type AdminApplication,
  type AdminApplicationPage,
  APPLICATIONS_PAGE_SIZE,
  AppError,
  ApplicationMessage,
  type ApplicationStatus,
  type ApplyToSellInputSchema,
  type MyApplication,
  type SellerApplication,
  slugFromName,
} from '@everdeal/contracts';
import { type Db, type SellerApplicationRow, sellerApplications, sellerMembers, sellers, users } from '@everdeal/db';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { MailBrand } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { databaseErrorIn } from '../../plugins/errors';
import { type AdminActor, recordAdminAction, type Tx } from '../audit';
import { type Outbox, type QueuedMail, queueMail } from '../mail';
import {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
  newApplicationMail,
} from './applications.mail';

// Seller applications (requirements §13, decision 015): the /launch form, and the admin's
// decision on it. Approving creates the seller and makes the applicant its first member, which
// is what the `seller` role of the route table is (modules/roles/roles.ts).

export type ApplicationDeps = { db: Db; now: () => Date; outbox: Outbox; brand: MailBrand };

/**
 * The applicant's mails answer what they asked for (decision 029): no unsubscribe link. Each goes
 * to the contact address of the form; an application is received, and decided, once.
 */
function applicantMail(kind: string, application: { id: number; userId: string }, message: MailMessage): QueuedMail {
  return { key: `${kind}:${application.id}`, kind, to: message.to, userId: application.userId, message };
}

function toSellerApplication(row: SellerApplicationRow): SellerApplication {
  return {
    id: row.id,
    status: row.status,
    companyName: row.companyName,
    website: row.website,
    productName: row.productName,
    email: row.email,
    description: row.description,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * `sellers/apply`: stored with its mails to the team and, as a receipt, to the contact address.
 * One open application per user is the partial unique index's to enforce (two tabs submitting
 * at once cannot both pass a check made before the insert); its violation is the 409.
 */
export async function applyToSell(
  deps: ApplicationDeps,
  applicant: { id: string; email: string },
  input: z.output<typeof ApplyToSellInputSchema>,
): Promise<{ application: SellerApplication }> {
  const now = deps.now();
  let applied: { row: SellerApplicationRow; queued: string[] };
  try {
    applied = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sellerApplications)
        .values({ ...input, userId: applicant.id, createdAt: now })
        .returning();
      if (!row) throw new Error('insert into seller_applications returned no row');
      // The team's copy goes to the store's own inbox: no user, no unsubscribe.
      const team = newApplicationMail(row, applicant.email, deps.brand);
      const mails: QueuedMail[] = [
        { key: `application-new:${row.id}`, kind: 'application-new', to: team.to, message: team },
        applicantMail('application-received', row, applicationReceivedMail(row, deps.brand)),
      ];
      return { row, queued: await queueMail(tx, mails, now) };
    });
  } catch (error) {
    // The table's only unique key is seller_applications_one_open_per_user.
    if (databaseErrorIn(error)?.code === '23505') throw AppError.conflict(ApplicationMessage.alreadyOpen);
    throw error;
  }
  deps.outbox.deliver(applied.queued);
  return { application: toSellerApplication(applied.row) };
}

/** `sellers/getMyApplication`: the latest one decides what /launch shows the caller. */
export async function getMyApplication({ db }: Pick<ApplicationDeps, 'db'>, userId: string): Promise<MyApplication> {
  const [row] = await db
    .select()
    .from(sellerApplications)
    .where(eq(sellerApplications.userId, userId))
    .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
    .limit(1);
  return { application: row ? toSellerApplication(row) : null };
}

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

/** The admin's view of applications, `where` narrowing it; the applicant's and decider's e-mails joined. */
function selectAdminApplications(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      application: sellerApplications,
      applicantEmail: applicant.email,
      applicantFirstName: applicant.firstName,
      applicantLastName: applicant.lastName,
      decidedByEmail: decider.email,
    })
    .from(sellerApplications)
    .innerJoin(applicant, eq(applicant.id, sellerApplications.userId))
    .leftJoin(decider, eq(decider.id, sellerApplications.decidedBy))
    .where(where);
}

type AdminApplicationRow = Awaited<ReturnType<typeof selectAdminApplications>>[number];

function toAdminApplication(row: AdminApplicationRow): AdminApplication {
  return {
    ...toSellerApplication(row.application),
    applicantEmail: row.applicantEmail,
    applicantName: `${row.applicantFirstName} ${row.applicantLastName}`.trim(),
    sellerId: row.application.sellerId,
    decidedByEmail: row.decidedByEmail,
  };
}

/**
 * `admin/getApplications`: the queue first (open, oldest first: first come, first served), then
 * the decided ones, latest decision first. The status index (status, created_at) serves a filter.
 */
export async function getApplications(
  { db }: Pick<ApplicationDeps, 'db'>,
  input: { status?: ApplicationStatus | undefined; page: number },
): Promise<AdminApplicationPage> {
  const where = input.status ? eq(sellerApplications.status, input.status) : undefined;
  const [rows, [total]] = await Promise.all([
    selectAdminApplications(db, where)
      .orderBy(
        sql`(${sellerApplications.status} <> 'open')`,
        sql`case when ${sellerApplications.status} = 'open' then ${sellerApplications.createdAt} end asc`,
        desc(sellerApplications.decidedAt),
        asc(sellerApplications.id),
      )
      .limit(APPLICATIONS_PAGE_SIZE)
      .offset((input.page - 1) * APPLICATIONS_PAGE_SIZE),
    db.select({ n: count() }).from(sellerApplications).where(where),
  ]);
  return {
    items: rows.map(toAdminApplication),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: APPLICATIONS_PAGE_SIZE,
  };
}

/**
 * The application, locked until the transaction ends so two admins deciding it at once are
 * served one after the other: the second finds it decided (409). 404 for an unknown id.
 */
async function lockOpenApplication(tx: Tx, applicationId: number): Promise<SellerApplicationRow> {
  const [row] = await tx
    .select()
    .from(sellerApplications)
    .where(eq(sellerApplications.id, applicationId))
    .for('update');
  if (!row) throw AppError.notFound(ApplicationMessage.notFound);
  if (row.status !== 'open') throw AppError.conflict(ApplicationMessage.alreadyDecided);
  return row;
}

async function readAdminApplication(db: Db | Tx, applicationId: number): Promise<AdminApplication> {
  const [row] = await selectAdminApplications(db, eq(sellerApplications.id, applicationId));
  if (!row) throw AppError.notFound(ApplicationMessage.notFound);
  return toAdminApplication(row);
}

async function slugIsFree(tx: Tx, slug: string): Promise<boolean> {
  const [row] = await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.slug, slug)).limit(1);
  return !row;
}

/** The company name's slug, or the first free `-2`, `-3`… after it. */
async function freeSellerSlug(tx: Tx, companyName: string): Promise<string> {
  const base = slugFromName(companyName) || 'seller';
  if (await slugIsFree(tx, base)) return base;
  for (let n = 2; n < 100; n++) {
    const candidate = `${base.slice(0, 75)}-${n}`;
    if (await slugIsFree(tx, candidate)) return candidate;
  }
  return `${base.slice(0, 70)}-${Date.now().toString(36)}`;
}

/** Tries a transaction again when it lost a race for a unique key (two sellers taking one free slug). */
async function retryOnUniqueViolation<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || databaseErrorIn(error)?.code !== '23505') throw error;
    }
  }
}

/**
 * `admin/approveApplication`: in one transaction the application is locked and must still be
 * open, the seller is created (named after the company, with its website and a unique slug),
 * the applicant becomes its member, the application records the decision and the audit log
 * the change, and the applicant's mail with the way to the seller area.
 */
export async function approveApplication(
  deps: ApplicationDeps,
  actor: AdminActor,
  applicationId: number,
): Promise<{ application: AdminApplication }> {
  const at = deps.now();
  const approval = await retryOnUniqueViolation(() =>
    deps.db.transaction(async (tx) => {
      const row = await lockOpenApplication(tx, applicationId);
      const slug = await freeSellerSlug(tx, row.companyName);
      const [seller] = await tx
        .insert(sellers)
        .values({ slug, name: row.companyName, website: row.website, userId: row.userId, createdAt: at })
        .returning({ id: sellers.id, slug: sellers.slug });
      if (!seller) throw new Error('insert into sellers returned no row');
      await tx.insert(sellerMembers).values({ sellerId: seller.id, userId: row.userId, createdAt: at });
      await tx
        .update(sellerApplications)
        .set({ status: 'approved', sellerId: seller.id, decidedBy: actor.id, decidedAt: at })
        .where(eq(sellerApplications.id, row.id));
      await recordAdminAction(
        tx,
        actor,
        {
          action: 'application.approve',
          targetKind: 'application',
          targetId: row.id,
          before: { status: row.status, sellerId: null },
          after: { status: 'approved', sellerId: seller.id, sellerSlug: seller.slug },
        },
        at,
      );
      const decided = await readAdminApplication(tx, row.id);
      const mail = applicantMail('application-approved', row, applicationApprovedMail(decided, deps.brand));
      return { decided, queued: await queueMail(tx, [mail], at) };
    }),
  );
  deps.outbox.deliver(approval.queued);
  return { application: approval.decided };
}

/**
 * `admin/rejectApplication`: the same shape as approving, with the reason kept on the
 * application (the applicant reads it on /launch) and in the audit log, and mailed. Rejecting
 * closes the application, so the applicant may apply again.
 */
export async function rejectApplication(
  deps: ApplicationDeps,
  actor: AdminActor,
  input: { applicationId: number; reason: string },
): Promise<{ application: AdminApplication }> {
  const at = deps.now();
  const rejection = await deps.db.transaction(async (tx) => {
    const row = await lockOpenApplication(tx, input.applicationId);
    await tx
      .update(sellerApplications)
      .set({ status: 'rejected', decisionReason: input.reason, decidedBy: actor.id, decidedAt: at })
      .where(eq(sellerApplications.id, row.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'application.reject',
        targetKind: 'application',
        targetId: row.id,
        reason: input.reason,
        before: { status: row.status, decisionReason: row.decisionReason },
        after: { status: 'rejected', decisionReason: input.reason },
      },
      at,
    );
    const decided = await readAdminApplication(tx, row.id);
    const mail = applicantMail('application-rejected', row, applicationRejectedMail(decided, input.reason, deps.brand));
    return { decided, queued: await queueMail(tx, [mail], at) };
  });
  deps.outbox.deliver(rejection.queued);
  return { application: rejection.decided };
}
