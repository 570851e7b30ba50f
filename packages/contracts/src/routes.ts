import type { z } from 'zod';
import {
  AdminApplicationPageSchema,
  AdminApplicationResultSchema,
  AdminAuditPageSchema,
  AdminGetProductsInputSchema,
  AdminOrderListSchema,
  AdminOrderResultSchema,
  AdminOverviewSchema,
  AdminProductListSchema,
  AdminProductResultSchema,
  AdminRefundInputSchema,
  AdminUpdateProductInputSchema,
  AdminUserListSchema,
  AdminUserResultSchema,
  ApproveApplicationInputSchema,
  GetApplicationsInputSchema,
  GetAuditLogInputSchema,
  GetReportsInputSchema,
  ModerateInputSchema,
  ModerateResultSchema,
  RejectApplicationInputSchema,
  ReportedPostListSchema,
  ReviewProductInputSchema,
  SearchOrdersInputSchema,
  SearchUsersInputSchema,
  SetUserRoleInputSchema,
  SetUserStatusInputSchema,
} from './admin';
import { AffiliateDashboardSchema, AffiliateMembershipSchema } from './affiliates';
import {
  AuthResultSchema,
  ChangePasswordInputSchema,
  DeactivateUserInputSchema,
  EmptyInputSchema,
  EmptyResultSchema,
  ForgotPasswordInputSchema,
  GoogleLoginInputSchema,
  LoginInputSchema,
  LoginWithLinkInputSchema,
  ProfileSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateUserProfileInputSchema,
} from './auth';
import { BlogPostListSchema, BlogPostSchema, GetPostInputSchema, GetPostsInputSchema } from './blog';
import {
  CategoryListSchema,
  GetCategoriesInputSchema,
  GetProductInputSchema,
  GetProductsInputSchema,
  ProductDetailSchema,
  ProductListSchema,
} from './catalog';
import {
  AcceptAnswerInputSchema,
  AnswerQuestionInputSchema,
  AnswerResultSchema,
  AskQuestionInputSchema,
  CreateThreadInputSchema,
  GetQuestionsInputSchema,
  GetReviewsInputSchema,
  GetThreadsInputSchema,
  GetUpdatesInputSchema,
  HelpfulResultSchema,
  MyReviewSchema,
  PostUpdateInputSchema,
  ProductRefSchema,
  ProductUpdateListSchema,
  ProductUpdateResultSchema,
  QuestionListSchema,
  QuestionRefInputSchema,
  QuestionResultSchema,
  QuestionRoleSchema,
  QuestionSchema,
  ReplyToReviewInputSchema,
  ReportInputSchema,
  ReportResultSchema,
  ReviewInputSchema,
  ReviewListSchema,
  ReviewRefInputSchema,
  ReviewResultSchema,
  ThreadListSchema,
  ThreadRefInputSchema,
  ThreadReplyInputSchema,
  ThreadReplyResultSchema,
  ThreadResultSchema,
  UpdateRefInputSchema,
} from './community';
import { ContactInputSchema, ContactResultSchema } from './contact';
import {
  ChangePlanInputSchema,
  ChangePlanResultSchema,
  CheckoutInputSchema,
  CheckoutResultSchema,
  GetOrderInputSchema,
  GetOrdersInputSchema,
  OrderItemRefInputSchema,
  OrderItemResultSchema,
  OrderListSchema,
  OrderResultSchema,
  PlanOptionsResultSchema,
  SetCodeRedeemedInputSchema,
} from './orders';
import {
  AddPaymentMethodInputSchema,
  PaymentConfigSchema,
  PaymentMethodListSchema,
  PaymentMethodRefInputSchema,
  PaymentMethodSchema,
} from './payments';
import {
  CreateProductInputSchema,
  MySellersSchema,
  PreviewMarkdownInputSchema,
  PreviewMarkdownResultSchema,
  SavePlanInputSchema,
  SellerDashboardSchema,
  SellerListInputSchema,
  SellerPlanRefInputSchema,
  SellerProductRefInputSchema,
  SellerProductResultSchema,
  SellerQuestionListSchema,
  SellerRefInputSchema,
  SellerReviewListSchema,
  SellerSalesSchema,
  StatementInputSchema,
  StatementSchema,
  UpdateProductInputSchema,
} from './seller';
import { ApplyToSellInputSchema, MyApplicationSchema, SellerApplicationResultSchema } from './seller-applications';
import {
  CartChangeInputSchema,
  CartContentsSchema,
  FavoriteListSchema,
  FavoriteSchema,
  FavoriteStatusSchema,
  ProductRefInputSchema,
  UpvoteListSchema,
  UpvoteStatusSchema,
} from './shopping';
import {
  CreateTicketInputSchema,
  ReplyToTicketInputSchema,
  TicketListSchema,
  TicketRefInputSchema,
  TicketResultSchema,
} from './support';
import {
  JoinWaitlistInputSchema,
  UnsubscribeWaitlistInputSchema,
  UnsubscribeWaitlistResultSchema,
  WaitlistEntrySchema,
} from './waitlist';

/**
 * The API surface: every `POST /api/{path}` with its payload and result schemas. The server
 * registers handlers against this table, the OpenAPI document is generated from it and the
 * web client's calls are typed by it, so a path or shape changes in exactly one place.
 */
/**
 * Who may call a route beyond being signed in (requirements §6): `admin` is a user whose
 * `users.role` is admin; `seller` is a member of at least one seller. The API plugin refuses
 * anyone else with 403 before it reads the payload; which seller's rows a seller may touch is
 * still the service's check.
 */
export const API_ROLES = ['seller', 'admin'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type ApiRouteDefinition = {
  input: z.ZodType;
  output: z.ZodType;
  summary: string;
  tag: string;
  requiresAuth: boolean;
  role?: ApiRole;
};

/**
 * Keeps `requiresAuth` as a literal type so the server can type `context.user` as non-null. A
 * route with a `role` always requires a login.
 */
function defineRoute<I extends z.ZodType, O extends z.ZodType, const A extends boolean = false>(
  route: {
    input: I;
    output: O;
    summary: string;
    tag: string;
  } & ({ requiresAuth?: A; role?: undefined } | { requiresAuth: A & true; role: ApiRole }),
) {
  return { ...route, requiresAuth: (route.requiresAuth ?? false) as A };
}

export const apiRoutes = {
  'products/getProducts': defineRoute({
    input: GetProductsInputSchema,
    output: ProductListSchema,
    summary:
      'List published products: full-text and typo-tolerant search, filters (category, price, rating, plan kind, AI disclosure, status), sorts incl. trending, paging; "did you mean" suggestions when a search finds nothing',
    tag: 'catalog',
  }),
  'products/getProduct': defineRoute({
    input: GetProductInputSchema,
    output: ProductDetailSchema,
    summary: 'One product with its plans; 404 for an unknown slug',
    tag: 'catalog',
  }),
  'products/getCategories': defineRoute({
    input: GetCategoriesInputSchema,
    output: CategoryListSchema,
    summary: 'Categories with the number of live products in each',
    tag: 'catalog',
  }),
  'users/register': defineRoute({
    input: RegisterInputSchema,
    output: AuthResultSchema,
    summary: 'Create an account with e-mail and password; answers a session token and the user',
    tag: 'users',
  }),
  'users/login': defineRoute({
    input: LoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in with e-mail and password; a new session token each time',
    tag: 'users',
  }),
  'users/login/google': defineRoute({
    input: GoogleLoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in or sign up with a Google access token (sent as idToken, requirements §3)',
    tag: 'users',
  }),
  'users/loginWithLink': defineRoute({
    input: LoginWithLinkInputSchema,
    output: AuthResultSchema,
    summary:
      'Sign in with the single-use link mailed while an account is under attack (decision 002); valid 15 minutes',
    tag: 'users',
  }),
  'users/logout': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Revoke the current session on the server',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/forgotPassword': defineRoute({
    input: ForgotPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Mail a single-use reset link valid 30 minutes; always answers success',
    tag: 'users',
  }),
  'users/resetPassword': defineRoute({
    input: ResetPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Set a new password with a reset token; revokes every session of the user',
    tag: 'users',
  }),
  'users/getUserProfile': defineRoute({
    input: EmptyInputSchema,
    output: ProfileSchema,
    summary: 'The signed-in user',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateUserProfile': defineRoute({
    input: UpdateUserProfileInputSchema,
    output: ProfileSchema,
    summary: 'Change first name, last name or occupation; other fields are ignored',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/changePassword': defineRoute({
    input: ChangePasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Change the password with the current one; other sessions are revoked',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/deactivateUser': defineRoute({
    input: DeactivateUserInputSchema,
    output: EmptyResultSchema,
    summary:
      'Deactivate the account, confirmed by its password (or, for a Google-only account, a sign-in in the last 5 minutes): sessions revoked, orders kept, sign-in refused',
    tag: 'users',
    requiresAuth: true,
  }),
  'cart/change': defineRoute({
    input: CartChangeInputSchema,
    output: CartContentsSchema,
    summary: 'Set the absolute quantity of one (product, plan) line, 0 removes it; answers the cart',
    tag: 'cart',
    requiresAuth: true,
  }),
  'cart/getCartContents': defineRoute({
    input: EmptyInputSchema,
    output: CartContentsSchema,
    summary: 'The signed-in user’s cart with totals in cents',
    tag: 'cart',
    requiresAuth: true,
  }),
  'user_favorites/getUserFavorites': defineRoute({
    input: EmptyInputSchema,
    output: FavoriteListSchema,
    summary: 'The signed-in user’s favorites, newest first',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/addToFavorites': defineRoute({
    input: ProductRefInputSchema,
    output: FavoriteSchema,
    summary: 'Add a favorite (idempotent); variantId may be omitted for the whole product',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/removeFromFavorites': defineRoute({
    input: ProductRefInputSchema,
    output: EmptyResultSchema,
    summary: 'Remove a favorite (idempotent)',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/checkFavoriteStatus': defineRoute({
    input: ProductRefInputSchema,
    output: FavoriteStatusSchema,
    summary: 'Whether the product (or plan) is a favorite of the signed-in user',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'products/getUserUpvotes': defineRoute({
    input: EmptyInputSchema,
    output: UpvoteListSchema,
    summary: 'The signed-in user’s upvotes, newest first',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/addUpvote': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Upvote a product (idempotent); the product’s upvoteCount follows',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/removeUpvote': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Remove an upvote (idempotent); the product’s upvoteCount follows',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/checkUpvoteStatus': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Whether the signed-in user upvoted the product, and its count',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'blog/getPosts': defineRoute({
    input: GetPostsInputSchema,
    output: BlogPostListSchema,
    summary: 'Published blog posts, newest first, paged, optionally with one tag; plus every tag with its count',
    tag: 'blog',
  }),
  'blog/getPost': defineRoute({
    input: GetPostInputSchema,
    output: BlogPostSchema,
    summary: 'One published post with its Markdown body rendered and sanitised; 404 for an unknown or unpublished slug',
    tag: 'blog',
  }),
  'waitlist/join': defineRoute({
    input: JoinWaitlistInputSchema,
    output: WaitlistEntrySchema,
    summary:
      'Join the waitlist with optional category interests; a second join of an address (any letter case) updates it. Mails a confirmation with an unsubscribe link',
    tag: 'waitlist',
  }),
  'waitlist/unsubscribe': defineRoute({
    input: UnsubscribeWaitlistInputSchema,
    output: UnsubscribeWaitlistResultSchema,
    summary: 'Leave the waitlist with the token of a mail’s unsubscribe link (idempotent)',
    tag: 'waitlist',
  }),
  'contact/send': defineRoute({
    input: ContactInputSchema,
    output: ContactResultSchema,
    summary: 'Store a contact message and mail it to the support address with the sender as Reply-To; rate-limited',
    tag: 'contact',
  }),
  'support/createTicket': defineRoute({
    input: CreateTicketInputSchema,
    output: TicketResultSchema,
    summary: 'Open a support ticket, optionally about one order; the support team is mailed',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/getTickets': defineRoute({
    input: EmptyInputSchema,
    output: TicketListSchema,
    summary: 'The signed-in user’s tickets, latest activity first',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/getTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'One of the caller’s tickets with its thread; 404 for anyone else’s',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/replyToTicket': defineRoute({
    input: ReplyToTicketInputSchema,
    output: TicketResultSchema,
    summary: 'Add a message to one of the caller’s tickets (reopens a closed one); the support team is mailed',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/closeTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'Close one of the caller’s tickets (idempotent)',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/reopenTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'Reopen one of the caller’s closed tickets (idempotent)',
    tag: 'support',
    requiresAuth: true,
  }),
  'payments/getPaymentConfig': defineRoute({
    input: EmptyInputSchema,
    output: PaymentConfigSchema,
    summary: 'Which provider collects cards (sandbox form or Stripe.js) and the Stripe publishable key',
    tag: 'payments',
  }),
  'payments/addPaymentMethod': defineRoute({
    input: AddPaymentMethodInputSchema,
    output: PaymentMethodSchema,
    summary:
      'Save a card: {card} with the sandbox, {providerToken} (a Stripe.js PaymentMethod id) with Stripe; the first one becomes the default',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/getPaymentMethods': defineRoute({
    input: EmptyInputSchema,
    output: PaymentMethodListSchema,
    summary: 'The signed-in user’s saved cards, the default first',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/removePaymentMethod': defineRoute({
    input: PaymentMethodRefInputSchema,
    output: EmptyResultSchema,
    summary: 'Remove a saved card (idempotent); the newest other card becomes the default',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/setDefaultPaymentMethod': defineRoute({
    input: PaymentMethodRefInputSchema,
    output: PaymentMethodSchema,
    summary: 'Make a saved card the default one',
    tag: 'payments',
    requiresAuth: true,
  }),
  'orders/checkout': defineRoute({
    input: CheckoutInputSchema,
    output: CheckoutResultSchema,
    summary:
      'Turn the cart into one order paid with a saved card, one license code per unit; 402 declined, 409 sold out, the same idempotencyKey answers the first result',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrders': defineRoute({
    input: GetOrdersInputSchema,
    output: OrderListSchema,
    summary: 'The signed-in user’s paid and pending orders with their items, newest first',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrder': defineRoute({
    input: GetOrderInputSchema,
    output: OrderResultSchema,
    summary: 'One of the signed-in user’s orders; 404 for anyone else’s',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getOrderItem': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'One bought item with its codes, redemption link and refund deadline; 404 for anyone else’s',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/setCodeRedeemed': defineRoute({
    input: SetCodeRedeemedInputSchema,
    output: OrderItemResultSchema,
    summary: 'Mark one of an item’s codes redeemed (or not); answers the item',
    tag: 'orders',
    requiresAuth: true,
  }),
  'affiliate/join': defineRoute({
    input: EmptyInputSchema,
    output: AffiliateMembershipSchema,
    summary: 'Join the affiliate programme (idempotent): the caller’s code and a link carrying it',
    tag: 'affiliate',
    requiresAuth: true,
  }),
  'affiliate/getDashboard': defineRoute({
    input: EmptyInputSchema,
    output: AffiliateDashboardSchema,
    summary:
      'The caller’s clicks, attributed orders and pending, approved and reversed earnings, in total and month by month; 404 before joining',
    tag: 'affiliate',
    requiresAuth: true,
  }),
  'orders/refundItem': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary:
      'Refund an item inside its refund window: its full amount back through the provider, its codes revoked; 409 outside the window, after 3 refunds in 30 days, or while another change runs',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/getPlanOptions': defineRoute({
    input: OrderItemRefInputSchema,
    output: PlanOptionsResultSchema,
    summary: 'The other plans of a bought item’s product, with what changing to each charges or refunds',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/changePlan': defineRoute({
    input: ChangePlanInputSchema,
    output: ChangePlanResultSchema,
    summary:
      'Move a bought item to another plan of its product: an upgrade charges the difference, a downgrade inside the refund window refunds it; new codes replace the old',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/cancelSubscription': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'End a subscription at the end of its paid period instead of renewing it',
    tag: 'orders',
    requiresAuth: true,
  }),
  'orders/resumeSubscription': defineRoute({
    input: OrderItemRefInputSchema,
    output: OrderItemResultSchema,
    summary: 'Take back a cancellation before the period ends: the subscription renews again',
    tag: 'orders',
    requiresAuth: true,
  }),
  // Requirements §12, §15: community (decision 011). Reads are public; writes need a login and are rate-limited.
  'reviews/getReviews': defineRoute({
    input: GetReviewsInputSchema,
    output: ReviewListSchema,
    summary: 'A product’s reviews, paged, sorted by newest, highest, lowest or most helpful; 404 for an unknown slug',
    tag: 'community',
  }),
  'reviews/getMyReview': defineRoute({
    input: ProductRefSchema,
    output: MyReviewSchema,
    summary: 'The caller’s own review of a product (null if none) and whether they may write one',
    tag: 'community',
    requiresAuth: true,
  }),
  'reviews/addReview': defineRoute({
    input: ReviewInputSchema,
    output: ReviewResultSchema,
    summary:
      'Review a product: verified purchasers only (403), once per product (409); the product’s rating and review count follow',
    tag: 'community',
    requiresAuth: true,
  }),
  'reviews/updateReview': defineRoute({
    input: ReviewInputSchema,
    output: ReviewResultSchema,
    summary: 'Edit the caller’s own review of a product (404 without one); the product’s rating follows',
    tag: 'community',
    requiresAuth: true,
  }),
  'reviews/markHelpful': defineRoute({
    input: ReviewRefInputSchema,
    output: HelpfulResultSchema,
    summary: 'Mark a review helpful, once per user (idempotent), never one’s own (403)',
    tag: 'community',
    requiresAuth: true,
  }),
  'reviews/replyToReview': defineRoute({
    input: ReplyToReviewInputSchema,
    output: ReviewResultSchema,
    summary: 'The product’s seller replies under a review (a second reply replaces the first); 403 for anyone else',
    tag: 'community',
    requiresAuth: true,
    role: 'seller',
  }),
  'questions/getQuestions': defineRoute({
    input: GetQuestionsInputSchema,
    output: QuestionListSchema,
    summary: 'A product’s questions, newest first, each with its top answer; 404 for an unknown slug',
    tag: 'community',
  }),
  'questions/getQuestion': defineRoute({
    input: QuestionRefInputSchema,
    output: QuestionSchema,
    summary: 'One question with all its answers (accepted first, then founder answers, then by time)',
    tag: 'community',
  }),
  'questions/askQuestion': defineRoute({
    input: AskQuestionInputSchema,
    output: QuestionResultSchema,
    summary: 'Ask a question about a product',
    tag: 'community',
    requiresAuth: true,
  }),
  'questions/answerQuestion': defineRoute({
    input: AnswerQuestionInputSchema,
    output: AnswerResultSchema,
    summary: 'Answer a question; isFounder when the caller is a member of the product’s seller',
    tag: 'community',
    requiresAuth: true,
  }),
  'questions/getMyRole': defineRoute({
    input: QuestionRefInputSchema,
    output: QuestionRoleSchema,
    summary: 'Whether the signed-in user asked this question (the asker may accept an answer); 404 for an unknown one',
    tag: 'community',
    requiresAuth: true,
  }),
  'questions/acceptAnswer': defineRoute({
    input: AcceptAnswerInputSchema,
    output: AnswerResultSchema,
    summary: 'The asker accepts one answer to their question (replacing an earlier choice); 403 for anyone else',
    tag: 'community',
    requiresAuth: true,
  }),
  'updates/getUpdates': defineRoute({
    input: GetUpdatesInputSchema,
    output: ProductUpdateListSchema,
    summary: 'A product’s changelog, newest first, Markdown rendered and sanitised; 404 for an unknown slug',
    tag: 'community',
  }),
  'updates/getUpdate': defineRoute({
    input: UpdateRefInputSchema,
    output: ProductUpdateResultSchema,
    summary: 'One update of a published product',
    tag: 'community',
  }),
  'updates/postUpdate': defineRoute({
    input: PostUpdateInputSchema,
    output: ProductUpdateResultSchema,
    summary: 'The product’s seller posts a changelog entry (Markdown); 403 for anyone else',
    tag: 'community',
    requiresAuth: true,
    role: 'seller',
  }),
  'community/getThreads': defineRoute({
    input: GetThreadsInputSchema,
    output: ThreadListSchema,
    summary: 'A product’s discussion threads, latest activity first; 404 for an unknown slug',
    tag: 'community',
  }),
  'community/getThread': defineRoute({
    input: ThreadRefInputSchema,
    output: ThreadResultSchema,
    summary: 'One thread with its replies, oldest first',
    tag: 'community',
  }),
  'community/createThread': defineRoute({
    input: CreateThreadInputSchema,
    output: ThreadResultSchema,
    summary: 'Start a discussion thread under a product',
    tag: 'community',
    requiresAuth: true,
  }),
  'community/reply': defineRoute({
    input: ThreadReplyInputSchema,
    output: ThreadReplyResultSchema,
    summary: 'Reply in a thread',
    tag: 'community',
    requiresAuth: true,
  }),
  'community/report': defineRoute({
    input: ReportInputSchema,
    output: ReportResultSchema,
    summary: 'Report a review, question, answer or thread for the admin queue; once per user and item (409)',
    tag: 'community',
    requiresAuth: true,
  }),
  // Issue 13, requirements §13: the seller area (decision 014). A member of any seller passes the
  // role guard; each service answers 404 for a product, plan or seller the caller is no member of.
  'seller/getMySellers': defineRoute({
    input: EmptyInputSchema,
    output: MySellersSchema,
    summary: 'The sellers the caller is a member of (none for a user who has not been approved)',
    tag: 'seller',
    requiresAuth: true,
  }),
  'seller/getDashboard': defineRoute({
    input: SellerRefInputSchema,
    output: SellerDashboardSchema,
    summary: 'One of the caller’s sellers: its products with their stage, codes left per plan and sales, and payouts',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/createProduct': defineRoute({
    input: CreateProductInputSchema,
    output: SellerProductResultSchema,
    summary: 'Start a product as a draft (never public); the slug is suggested from the name when left out',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getProduct': defineRoute({
    input: SellerProductRefInputSchema,
    output: SellerProductResultSchema,
    summary: 'One of the caller’s products with its plans, codes left and what submitting still needs',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/updateProduct': defineRoute({
    input: UpdateProductInputSchema,
    output: SellerProductResultSchema,
    summary:
      'Change catalogue fields (only those sent); a rejected product goes back to draft, a live one changes at once; 409 while in review',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/deleteProduct': defineRoute({
    input: SellerProductRefInputSchema,
    output: EmptyResultSchema,
    summary: 'Delete a product that was never approved, with its plans, codes and pictures',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/submitProduct': defineRoute({
    input: SellerProductRefInputSchema,
    output: SellerProductResultSchema,
    summary: 'Submit a draft for the team’s review; 422 naming what is missing (a plan with codes, a logo…)',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/withdrawProduct': defineRoute({
    input: SellerProductRefInputSchema,
    output: SellerProductResultSchema,
    summary: 'Take a submitted product back to draft to change it',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/savePlan': defineRoute({
    input: SavePlanInputSchema,
    output: SellerProductResultSchema,
    summary: 'Add a plan to a product or change one (name, kind, prices in cents, features); answers the product',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/deletePlan': defineRoute({
    input: SellerPlanRefInputSchema,
    output: SellerProductResultSchema,
    summary: 'Remove a plan that has no sales, with its codes; answers the product',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/previewMarkdown': defineRoute({
    input: PreviewMarkdownInputSchema,
    output: PreviewMarkdownResultSchema,
    summary: 'A description rendered and sanitised exactly as the product page will show it',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getQuestions': defineRoute({
    input: SellerListInputSchema,
    output: SellerQuestionListSchema,
    summary: 'Questions about the seller’s live products that no member of the seller has answered yet, oldest first',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getReviews': defineRoute({
    input: SellerListInputSchema,
    output: SellerReviewListSchema,
    summary: 'Reviews of the seller’s live products, those without a reply first',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getSales': defineRoute({
    input: SellerRefInputSchema,
    output: SellerSalesSchema,
    summary:
      'Units, gross, refunds and net per product; payouts (70% of each sale, payable after its refund window) and the months with statements',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getStatement': defineRoute({
    input: StatementInputSchema,
    output: StatementSchema,
    summary: 'One month’s payout statement as CSV: each share that became payable or was reversed, and the total',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  // Issue 13, requirements §13, §15: applying to sell from /launch (decision 015).
  'sellers/apply': defineRoute({
    input: ApplyToSellInputSchema,
    output: SellerApplicationResultSchema,
    summary:
      'Apply to sell: company, website, product, contact e-mail and description, mailed to the team and the applicant; 409 while another application of the caller is open',
    tag: 'sellers',
    requiresAuth: true,
  }),
  'sellers/getMyApplication': defineRoute({
    input: EmptyInputSchema,
    output: MyApplicationSchema,
    summary: 'The caller’s latest application (under review, approved or not accepted with the reason), or null',
    tag: 'sellers',
    requiresAuth: true,
  }),
  // Issue 13, requirements §13: the admin area (decision 015). Every call needs `role: 'admin'`;
  // every change it makes is recorded in the audit log in the same transaction.
  'admin/getOverview': defineRoute({
    input: EmptyInputSchema,
    output: AdminOverviewSchema,
    summary: 'What waits for an admin: open seller applications, products submitted for review, open reports',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getApplications': defineRoute({
    input: GetApplicationsInputSchema,
    output: AdminApplicationPageSchema,
    summary:
      'Seller applications, optionally of one status: open ones first, oldest first, then decided ones, latest decision first; with the applicant’s account e-mail',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/approveApplication': defineRoute({
    input: ApproveApplicationInputSchema,
    output: AdminApplicationResultSchema,
    summary:
      'Approve an open application: creates the seller with the applicant as its member and mails the applicant; 409 if already decided',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/rejectApplication': defineRoute({
    input: RejectApplicationInputSchema,
    output: AdminApplicationResultSchema,
    summary:
      'Reject an open application with the reason the applicant is mailed (10 to 1000 characters); they may apply again; 409 if already decided',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getAuditLog': defineRoute({
    input: GetAuditLogInputSchema,
    output: AdminAuditPageSchema,
    summary: 'Every admin action, newest first: who, what, when, the target before and after; paged by `before`',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getProducts': defineRoute({
    input: AdminGetProductsInputSchema,
    output: AdminProductListSchema,
    summary: 'Every product with its seller and stage, submitted ones first; by review status and a name or slug',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/reviewProduct': defineRoute({
    input: ReviewProductInputSchema,
    output: AdminProductResultSchema,
    summary:
      'Approve or reject (with a note) a submitted product; the seller’s members are mailed; 409 unless submitted',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/updateProduct': defineRoute({
    input: AdminUpdateProductInputSchema,
    output: AdminProductResultSchema,
    summary: 'Publish, unpublish, feature, set the deal status and end time; 409 to publish a product not approved',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getReports': defineRoute({
    input: GetReportsInputSchema,
    output: ReportedPostListSchema,
    summary: 'Reported reviews, questions, answers and threads with open reports, one entry per post, oldest first',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/moderate': defineRoute({
    input: ModerateInputSchema,
    output: ModerateResultSchema,
    summary:
      'Hide (with a reason) or restore a post, telling its author, or dismiss its reports; resolves open reports',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/searchOrders': defineRoute({
    input: SearchOrdersInputSchema,
    output: AdminOrderListSchema,
    summary: 'Orders of the shopper with this e-mail (any case) or the order with this id, with items and e-mail',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/refundItem': defineRoute({
    input: AdminRefundInputSchema,
    output: AdminOrderResultSchema,
    summary: 'Refund an item on its shopper’s behalf with a reason, also after its window; 409 if already refunded',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/searchUsers': defineRoute({
    input: SearchUsersInputSchema,
    output: AdminUserListSchema,
    summary: 'Accounts whose e-mail or name contains the query',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/setUserStatus': defineRoute({
    input: SetUserStatusInputSchema,
    output: AdminUserResultSchema,
    summary: 'Deactivate an account (its sessions end) or reactivate it; 409 for the admin’s own account',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/setUserRole': defineRoute({
    input: SetUserRoleInputSchema,
    output: AdminUserResultSchema,
    summary: 'Grant or revoke the admin role; 409 to revoke one’s own',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
} satisfies Record<string, ApiRouteDefinition>;

export type ApiRoutes = typeof apiRoutes;
export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = z.input<ApiRoutes[P]['input']>;
export type ApiOutput<P extends ApiPath> = z.output<ApiRoutes[P]['output']>;
