import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Requirements §2 routes. A route appears here only once it has real content; any other path falls
// through to the 404 page, never to a stub.
export default [
  layout('routes/_default-layout.tsx', [
    index('routes/home.tsx'),
    route('products/:slug', 'routes/product.tsx'),
    route('products/:slug/reviews', 'routes/product-reviews.tsx'),
    route('products/:slug/questions', 'routes/product-questions.tsx'),
    route('products/:slug/question/:id', 'routes/product-question.tsx'),
    route('products/:slug/updates', 'routes/product-updates.tsx'),
    route('products/:slug/update/:id', 'routes/product-update.tsx'),
    // Ours, not the spec's (requirements §2): every discussion thread, paged.
    route('products/:slug/community', 'routes/product-community.tsx'),
    // Ours (decision 022): an unpublished product's page, for an admin or its seller.
    route('products/:slug/preview', 'routes/product-preview.tsx'),
    route('trending', 'routes/trending.tsx'),
    route('search', 'routes/search.tsx'),
    route('categories/:slug', 'routes/category.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('waitlist', 'routes/waitlist.tsx'),
    route('waitlist/unsubscribe', 'routes/waitlist-unsubscribe.tsx'),
    // Decision 029: the page of a notification mail's unsubscribe link.
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('support', 'routes/support.tsx'),
    route('support/tickets/new', 'routes/support-ticket-new.tsx'),
    route('support/tickets/:ticketId', 'routes/support-ticket.tsx'),
    route('launch', 'routes/launch.tsx'),
    // Requirements §13: the seller area (decision 014).
    route('seller', 'routes/seller-layout.tsx', [
      index('routes/seller.tsx'),
      route('products/new', 'routes/seller-product-new.tsx'),
      route('products/:productId', 'routes/seller-product.tsx'),
      route('questions', 'routes/seller-questions.tsx'),
      route('reviews', 'routes/seller-reviews.tsx'),
      route('payouts', 'routes/seller-payouts.tsx'),
      route('analytics', 'routes/seller-analytics.tsx'),
      route('sales', 'routes/seller-sales.tsx'),
      route('webhooks', 'routes/seller-webhooks.tsx'),
      route('coupons', 'routes/seller-coupons.tsx'),
      route('plans/:planId/codes', 'routes/seller-plan-codes.tsx'),
      // Decision 032: API keys of the licensing API.
      route('api-keys', 'routes/seller-api-keys.tsx'),
    ]),
    // Requirements §13: the admin area (decision 015).
    route('admin', 'routes/admin-layout.tsx', [
      index('routes/admin.tsx'),
      route('products', 'routes/admin-products.tsx'),
      route('moderation', 'routes/admin-moderation.tsx'),
      route('tickets', 'routes/admin-tickets.tsx'),
      route('tickets/:ticketId', 'routes/admin-ticket.tsx'),
      route('orders', 'routes/admin-orders.tsx'),
      route('users', 'routes/admin-users.tsx'),
      route('users/:userId', 'routes/admin-user.tsx'),
      route('applications', 'routes/admin-applications.tsx'),
      route('mail', 'routes/admin-mail.tsx'),
      route('payouts', 'routes/admin-payouts.tsx'),
      // Decision 048: the VAT report of a quarter.
      route('vat', 'routes/admin-vat.tsx'),
      route('coupons', 'routes/admin-coupons.tsx'),
      // Decision 042: store-wide sale events.
      route('sales', 'routes/admin-sales.tsx'),
      route('audit', 'routes/admin-audit.tsx'),
    ]),
    route('affiliate', 'routes/affiliate.tsx'),
    // Decision 032: the sellers' licensing API, public so it can be read before applying.
    route('developers', 'routes/developers.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('refund-policy', 'routes/refund-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('loading-demo', 'routes/loading-demo.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('payment/success', 'routes/payment-success.tsx'),
    route('payment-methods', 'routes/payment-methods.tsx'),
    route('order/:orderId/:itemId', 'routes/order-item.tsx'),
    // Decision 043: the page of a mailed gift or transfer link.
    route('gift/claim', 'routes/gift-claim.tsx'),
    route('user', 'routes/user-layout.tsx', [
      index('routes/user.tsx'),
      route('orders', 'routes/user-orders.tsx'),
      route('payment-methods', 'routes/user-payment-methods.tsx'),
      // Store credit (decision 030).
      route('credit', 'routes/user-credit.tsx'),
      // Billing details and VAT (decision 037).
      route('billing', 'routes/user-billing.tsx'),
      route('personal-info', 'routes/user-personal-info.tsx'),
      route('notifications', 'routes/user-notifications.tsx'),
      route('confirm-email', 'routes/user-confirm-email.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('routes/_auth-layout.tsx', [
    route('auth/login', 'routes/auth-login.tsx'),
    route('auth/register', 'routes/auth-register.tsx'),
    route('auth/reset-password', 'routes/auth-reset-password.tsx'),
    route('auth/sign-in-link', 'routes/auth-sign-in-link.tsx'),
    route('auth/verify-email', 'routes/auth-verify-email.tsx'),
  ]),
  layout('routes/_product-form-layout.tsx', [
    route('final-message-test', 'routes/final-message-test.tsx'),
    // One module, three paths: the form is chosen by the path (routes/review-form.tsx).
    route('review/add-comment', 'routes/review-form.tsx', { id: 'review-add-comment' }),
    route('review/add-question', 'routes/review-form.tsx', { id: 'review-add-question' }),
    route('review/community-form', 'routes/review-form.tsx', { id: 'review-community-form' }),
  ]),
] satisfies RouteConfig;
