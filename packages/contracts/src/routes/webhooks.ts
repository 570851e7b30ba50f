import type { ApiRouteDefinition } from '../routes';
import {
  DeleteWebhookResultSchema,
  GetWebhookDeliveriesInputSchema,
  GetWebhookResultSchema,
  RedeliverWebhookInputSchema,
  RedeliverWebhookResultSchema,
  RotateWebhookSecretInputSchema,
  RotateWebhookSecretResultSchema,
  SetWebhookInputSchema,
  SetWebhookResultSchema,
  TestWebhookResultSchema,
  WebhookDeliveriesSchema,
  WebhookSellerInputSchema,
} from '../webhooks';
import { defineRoute } from './define-route';

/**
 * Sellers' signed webhooks (shared requirements "Sellers' licensing API and webhooks", decision
 * 033). Members of the seller only: another seller's endpoint or delivery answers 404.
 */
export const webhooksRoutes = {
  'seller/setWebhook': defineRoute({
    input: SetWebhookInputSchema,
    output: SetWebhookResultSchema,
    summary:
      "Create or change the seller's one webhook endpoint (https, public address; events default to all); the signing secret is answered once, on creation",
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getWebhook': defineRoute({
    input: WebhookSellerInputSchema,
    output: GetWebhookResultSchema,
    summary: "The seller's webhook endpoint (URL, events, the secret's last four characters), or null",
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/rotateWebhookSecret': defineRoute({
    input: RotateWebhookSecretInputSchema,
    output: RotateWebhookSecretResultSchema,
    summary:
      'A new signing secret, answered once; the old one stops signing at once, or signs beside it for keepPreviousHours (decision 046). 404 without an endpoint',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/deleteWebhook': defineRoute({
    input: WebhookSellerInputSchema,
    output: DeleteWebhookResultSchema,
    summary: 'Remove the endpoint, its secret and its delivery log; nothing more is sent',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/testWebhook': defineRoute({
    input: WebhookSellerInputSchema,
    output: TestWebhookResultSchema,
    summary: 'Queue a signed `webhook.test` event to the endpoint (whatever events it chose); 404 without an endpoint',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getWebhookDeliveries': defineRoute({
    input: GetWebhookDeliveriesInputSchema,
    output: WebhookDeliveriesSchema,
    summary: 'The delivery log, newest first, 20 a page: status, attempts, last status code, next attempt',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/redeliverWebhook': defineRoute({
    input: RedeliverWebhookInputSchema,
    output: RedeliverWebhookResultSchema,
    summary:
      'Send a delivery again now, with a fresh 3-day retry window (same event id: receivers dedupe by it); 404 for another seller’s',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
} satisfies Record<string, ApiRouteDefinition>;
