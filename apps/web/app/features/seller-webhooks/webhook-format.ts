import type { WebhookDelivery } from '@everdeal/contracts';

/** The delivery log's words for a delivery's state. */
export const DELIVERY_STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting to retry',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What the last attempt got: the receiver's status code, or why there was none. */
export function lastAnswerText(delivery: Pick<WebhookDelivery, 'attempts' | 'lastStatusCode' | 'lastError'>): string {
  if (delivery.attempts === 0) return 'Not sent yet';
  if (delivery.lastStatusCode !== null) {
    return delivery.lastError ? `${delivery.lastStatusCode} (${delivery.lastError})` : String(delivery.lastStatusCode);
  }
  return delivery.lastError ?? '—';
}

/** The URL the form checks before sending: what the server will refuse, said the same way. */
export function webhookUrlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Enter the URL of your endpoint';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  // http is accepted by the server only on loopback in tests (WEBHOOKS_ALLOW_LOOPBACK): let it say so.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a full URL, starting with https://';
  return null;
}
