import { z } from 'zod';
import { DealStatusSchema } from './catalog';
import { WITHOUT_NUL } from './content-messages';
import { ID_META_KEY, type IdMeta, publicId, publicUuid } from './ids';
import { RefundReasonSchema } from './item-changes';
import { LifetimePromiseSchema } from './lifetime-promise';
import { ValidationMessage } from './messages';
import { OrderItemSchema, OrderSchema } from './orders';
import { PageNumberSchema } from './paging';
import { ProductReviewStatusSchema } from './seller';
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
export const AUDIT_ACTOR_MAX = 200;
export const AUDIT_ACTION_MAX = 60;

/** A calendar day of the audit log's date filters, as a date field gives it. */
const AuditDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'must be a date (YYYY-MM-DD)');

export const GetAuditLogInputSchema = z.object({
  targetKind: z.string().trim().max(AUDIT_TARGET_KIND_MAX).optional(),
  // Any row's id as text (a product's number, an order item's UUID): declared public, since the
  // admin reads every row's history (decision 008's id declarations).
  targetId: z
    .string()
    .trim()
    .max(AUDIT_TARGET_ID_MAX)
    .meta({ [ID_META_KEY]: { owner: 'public', resource: 'audit target' } satisfies IdMeta })
    .optional(),
  /** The `nextBefore` of the previous page. */
  before: z.number().int().positive().max(2_147_483_647).optional(),
  actor: z
    .string()
    .trim()
    .max(AUDIT_ACTOR_MAX)
    .optional()
    .describe('part of the acting admin’s or seller’s e-mail, any case'),
  action: z
    .string()
    .trim()
    .max(AUDIT_ACTION_MAX)
    .optional()
    .describe('an action (`product.publish`) or its first part (`product`)'),
  from: AuditDay.optional().describe('the first day (UTC) of the actions listed'),
  to: AuditDay.optional().describe('the last day (UTC) of the actions listed'),
});
export type GetAuditLogInput = z.input<typeof GetAuditLogInputSchema>;

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  actorKind: z.enum(['admin', 'seller']).describe('a seller’s rows are edits of an approved product (decision 019)'),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  subject: z.string().nullable().describe('the part of the target changed, such as one plan'),
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

// The admin's products, moderation, orders and users (requirements §13, decision 015).

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_NOTE_MAX = 2000;
export const ADMIN_QUERY_MAX = 200;

export const AdminPage = PageNumberSchema.optional().default(1);

/** A note or reason an admin writes: trimmed, bounded, and empty means none (NUL is refused for every route, decision 008). */
const AdminText = z.string().trim().max(ADMIN_NOTE_MAX, `must be at most ${ADMIN_NOTE_MAX} characters long`);

/** The messages of the admin calls that are not the generic ones of requirements §8. */
export const AdminMessage = {
  productNotFound: 'Product not found',
  notSubmitted: 'Only a product submitted for review can be approved or rejected',
  rejectNeedsNote: 'note: write what the seller must change',
  publishNeedsApproval: 'Only an approved product can be published: review it first',
  postNotFound: 'This post no longer exists',
  hideNeedsReason: 'reason: write why the post is hidden (its author reads it)',
  alreadyHidden: 'This post is already hidden',
  notHidden: 'This post is not hidden',
  noOpenReports: 'This post has no open reports',
  orderItemNotFound: 'Order item not found',
  alreadyChargedBack: 'This order was already charged back.',
  nothingToChargeBack:
    'Nothing of this order’s card payment is left to charge back: none was made, or it was refunded or charged back in full.',
  userNotFound: 'User not found',
  notYourself: 'You cannot deactivate your own account or take away your own admin role',
} as const;

// Products

export type ProductReviewStatus = z.infer<typeof ProductReviewStatusSchema>;

export const AdminGetProductsInputSchema = z.object({
  reviewStatus: ProductReviewStatusSchema.optional(),
  q: z.string().trim().max(ADMIN_QUERY_MAX).optional(),
  page: AdminPage,
});
export type AdminGetProductsInput = z.input<typeof AdminGetProductsInputSchema>;

export const AdminProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string(),
  sellerId: z.number().int(),
  sellerName: z.string(),
  reviewStatus: ProductReviewStatusSchema,
  reviewNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  dealStatus: DealStatusSchema,
  endsAt: z.string().nullable(),
  updatedAt: z.string(),
  lifetimePromise: LifetimePromiseSchema,
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListSchema = z.object({
  items: z
    .array(AdminProductSchema)
    .describe('submitted products first (oldest submission first), then newest changes'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

export const ReviewProductInputSchema = z.object({
  productId: publicId('product'),
  decision: z.enum(['approve', 'reject']),
  note: AdminText.optional(),
});
export type ReviewProductInput = z.input<typeof ReviewProductInputSchema>;

export const AdminUpdateProductInputSchema = z.object({
  productId: publicId('product'),
  isPublished: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  dealStatus: DealStatusSchema.optional(),
  /** An ISO date-time, or null for a deal without an end. */
  endsAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().optional(),
});
export type AdminUpdateProductInput = z.input<typeof AdminUpdateProductInputSchema>;

export const AdminProductResultSchema = z.object({ product: AdminProductSchema });
export type AdminProductResult = z.infer<typeof AdminProductResultSchema>;

// Moderation

export const ModerationTargetSchema = z.enum(['review', 'question', 'answer', 'thread']);
export type ModerationTarget = z.infer<typeof ModerationTargetSchema>;

export const GetReportsInputSchema = z.object({ page: AdminPage });

export const ReportedPostSchema = z.object({
  targetKind: ModerationTargetSchema,
  targetId: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  authorEmail: z.string(),
  authorName: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  isHidden: z.boolean(),
  reportCount: z.number().int(),
  reasons: z.array(z.string()).describe('the reasons reporters wrote, empty ones left out'),
  reports: z
    .array(
      z.object({
        reason: z.string().describe('empty when the reporter gave none'),
        reporterEmail: z.string(),
        reporterName: z.string(),
        reportedAt: z.string(),
      }),
    )
    .describe('each open report with who filed it, oldest first'),
  firstReportedAt: z.string(),
});
export type ReportedPost = z.infer<typeof ReportedPostSchema>;

export const ReportedPostListSchema = z.object({
  items: z.array(ReportedPostSchema).describe('posts with open reports, the longest waiting first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportedPostList = z.infer<typeof ReportedPostListSchema>;

export const ModerateInputSchema = z.object({
  targetKind: ModerationTargetSchema,
  targetId: publicId('reported content'),
  action: z.enum(['hide', 'restore', 'dismiss']),
  reason: AdminText.optional(),
});
export type ModerateInput = z.input<typeof ModerateInputSchema>;
export const ModerateResultSchema = z.object({
  isHidden: z.boolean(),
  resolvedReports: z.number().int(),
});
export type ModerateResult = z.infer<typeof ModerateResultSchema>;

// Orders

/** How many orders `admin/searchOrders` lists without a query: the latest, for the page's first look. */
export const ADMIN_RECENT_ORDERS = 20;
export const SearchOrdersInputSchema = z.object({
  q: z
    .string()
    .trim()
    .max(ADMIN_QUERY_MAX)
    .default('')
    .describe('an e-mail address or an order id; empty lists the latest orders'),
});
/**
 * A card dispute that took an item's money back (decision 039), as its money rows say: what the
 * bank took, what a won dispute gave back, the dispute's reference and when it was recorded. An
 * item can have several (its checkout payment and a renewal's, each disputed on its own).
 */
export const AdminItemChargebackSchema = z.object({
  amount: z.number().int().describe('cents the bank took back from the payment for this item'),
  reversedAmount: z.number().int().describe('cents a won dispute gave back; 0 while lost or open'),
  reference: z
    .string()
    .describe('the dispute at the payment provider (`dp_…`), or `admin:<orderId>` when an admin recorded it'),
  recordedAt: z.string(),
});
export type AdminItemChargeback = z.infer<typeof AdminItemChargebackSchema>;
/** An item as the admin sees it: with why the shopper refunded it, when they said, and its chargeback. */
export const AdminOrderItemSchema = OrderItemSchema.extend({
  refundReason: RefundReasonSchema.nullable().describe('the shopper’s reason of a refund; null when none was given'),
  chargebacks: z
    .array(AdminItemChargebackSchema)
    .describe('the disputes that took the item’s money back, oldest first; empty when none did'),
});
export type AdminOrderItem = z.infer<typeof AdminOrderItemSchema>;
export const AdminOrderSchema = OrderSchema.extend({ userEmail: z.string(), items: z.array(AdminOrderItemSchema) });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSchema).describe('newest first, at most 50 (20 without a query)'),
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;
export const AdminOrderResultSchema = z.object({ order: AdminOrderSchema });
export type AdminOrderResult = z.infer<typeof AdminOrderResultSchema>;

export const AdminRefundInputSchema = z.object({
  orderId: publicUuid('order', 'must be an order id'),
  itemId: publicUuid('order', 'must be an order item id'),
  reason: AdminText.min(1, 'reason: write why the item is refunded'),
});
export type AdminRefundInput = z.input<typeof AdminRefundInputSchema>;

/** `admin/recordChargeback` (decision 039): the card issuer took the order's payment back. */
export const AdminRecordChargebackInputSchema = z.object({
  orderId: publicUuid('order', 'must be an order id'),
  reason: AdminText.optional(),
});
export type AdminRecordChargebackInput = z.input<typeof AdminRecordChargebackInputSchema>;

// Users

export const SearchUsersInputSchema = z.object({
  q: z.string().trim().min(1, 'Enter an e-mail address or a name').max(ADMIN_QUERY_MAX),
});
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['user', 'admin']),
  status: z.enum(['active', 'deactivated']),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema).describe('at most 50, by e-mail') });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const SetUserStatusInputSchema = z.object({
  userId: publicUuid('user', 'must be a user id'),
  status: z.enum(['active', 'deactivated']),
  reason: AdminText.optional(),
});
export type SetUserStatusInput = z.input<typeof SetUserStatusInputSchema>;
export const SetUserRoleInputSchema = z.object({
  userId: publicUuid('user', 'must be a user id'),
  role: z.enum(['user', 'admin']),
});
export type SetUserRoleInput = z.input<typeof SetUserRoleInputSchema>;
export const AdminUserResultSchema = z.object({ user: AdminUserSchema });
export type AdminUserResult = z.infer<typeof AdminUserResultSchema>;
// Seller applications (requirements §13): the queue, and the two decisions.

const ApplicationId = publicId('application', ApplicationMessage.notFound);

export const GetApplicationsInputSchema = z.object({
  /** Leave it out for every application: the open ones first. */
  status: ApplicationStatusSchema.optional(),
  page: PageNumberSchema.default(1),
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
