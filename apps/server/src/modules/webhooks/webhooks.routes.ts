import { defineHandlers } from '../../plugins/api';
import {
  deleteWebhook,
  getWebhook,
  getWebhookDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  setWebhook,
  testWebhook,
} from './webhooks.service';
import type { WebhooksDeps } from './webhooks-deps';

/**
 * Sellers' webhook calls (decision 033). The route table gives them the `seller` role; the
 * service checks membership of the seller acted for (404 otherwise, as every seller call).
 */
export function webhooksHandlers(deps: WebhooksDeps) {
  return defineHandlers({
    'seller/setWebhook': (input, { user }) => setWebhook(deps, user, input),
    'seller/getWebhook': (input, { user }) => getWebhook(deps, user, input),
    'seller/rotateWebhookSecret': (input, { user }) => rotateWebhookSecret(deps, user, input),
    'seller/deleteWebhook': (input, { user }) => deleteWebhook(deps, user, input),
    'seller/testWebhook': (input, { user }) => testWebhook(deps, user, input),
    'seller/getWebhookDeliveries': (input, { user }) => getWebhookDeliveries(deps, user, input),
    'seller/redeliverWebhook': (input, { user }) => redeliverWebhook(deps, user, input),
  });
}
