import { z } from 'zod';

// Payloads and results of the admin area (requirements §13, decision 015). Every `admin/*` call
// carries `role: 'admin'` in the route table; ids in them are `publicId`s, since an admin may act
// on any user's rows.

export const AUDIT_TARGET_KIND_MAX = 40;
export const AUDIT_TARGET_ID_MAX = 80;

export const GetAuditLogInputSchema = z.object({
  targetKind: z.string().trim().max(AUDIT_TARGET_KIND_MAX).optional(),
  targetId: z.string().trim().max(AUDIT_TARGET_ID_MAX).optional(),
  /** The `nextBefore` of the previous page. */
  before: z.number().int().positive().max(2_147_483_647).optional(),
});

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditPageSchema = z.object({
  items: z.array(AdminAuditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

/** The admin area's front page: what waits for a decision. */
export const AdminOverviewSchema = z.object({
  openApplications: z.number().int(),
  productsAwaitingReview: z.number().int(),
  openReports: z.number().int(),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
