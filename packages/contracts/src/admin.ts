import { z } from 'zod';
import { WITHOUT_NUL } from './content-messages';
import { publicId } from './ids';
import { ValidationMessage } from './messages';
import {
  APPLICATION_REASON_MAX,
  APPLICATION_REASON_MIN,
  APPLICATIONS_PAGE_SIZE,
  ApplicationMessage,
} from './seller-application-rules';
import { ApplicationStatusSchema, SellerApplicationSchema } from './seller-applications';

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

// Seller applications (requirements §13): the queue, and the two decisions.

const ApplicationId = publicId('application', ApplicationMessage.notFound);

export const GetApplicationsInputSchema = z.object({
  /** Leave it out for every application: the open ones first. */
  status: ApplicationStatusSchema.optional(),
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(1),
});

/** An application as the admin sees it: the applicant's account beside the contact they gave. */
export const AdminApplicationSchema = SellerApplicationSchema.extend({
  applicantEmail: z.string().describe('the e-mail of the account that applied'),
  applicantName: z.string(),
  sellerId: z.number().int().nullable().describe('the seller an approval created'),
  decidedByEmail: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationPageSchema = z.object({
  items: z.array(AdminApplicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(APPLICATIONS_PAGE_SIZE),
});
export type AdminApplicationPage = z.infer<typeof AdminApplicationPageSchema>;

export const ApproveApplicationInputSchema = z.object({ applicationId: ApplicationId });

export const RejectApplicationInputSchema = z.object({
  applicationId: ApplicationId,
  /** What the applicant reads in the mail and on /launch. */
  reason: z
    .string({ error: ApplicationMessage.reasonRequired })
    .trim()
    .min(1, ApplicationMessage.reasonRequired)
    .min(APPLICATION_REASON_MIN, ApplicationMessage.reasonTooShort)
    .max(APPLICATION_REASON_MAX, ApplicationMessage.reasonTooLong)
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
});

export const AdminApplicationResultSchema = z.object({ application: AdminApplicationSchema });
