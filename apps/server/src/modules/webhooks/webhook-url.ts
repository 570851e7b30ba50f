/**
 * Which URLs a seller may give (decision 033): https on a public address, checked when the URL
 * is saved and again at every connection (send.ts). `WEBHOOKS_ALLOW_LOOPBACK=1` lets tests use
 * http, on 127.0.0.1 only.
 */
import { isIP } from 'node:net';
import { WebhookMessage } from '@everdeal/contracts';
import { BlockedAddressError, type Resolver, resolveAllowed } from './address-filter';

export type UrlPolicy = { allowLoopback: boolean; resolve?: Resolver };

/** Why a URL is refused, in the words of the form's field, or null when its shape is fine. */
export function urlShapeProblem(text: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WebhookMessage.httpsOnly;
  }
  if (url.username || url.password) return WebhookMessage.credentials;
  if (url.protocol === 'https:') return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackLiteral = isIP(host) !== 0 && (host === '::1' || host.startsWith('127.'));
  if (url.protocol === 'http:' && policy.allowLoopback && loopbackLiteral) return null;
  return WebhookMessage.httpsOnly;
}

/** The URL's problem, the address check included (a DNS lookup), or null when it may be saved. */
export async function webhookUrlProblem(text: string, policy: UrlPolicy): Promise<string | null> {
  const shape = urlShapeProblem(text, policy);
  if (shape) return shape;
  try {
    await resolveAllowed(new URL(text).hostname, policy);
    return null;
  } catch (error) {
    if (error instanceof BlockedAddressError) return WebhookMessage.notPublic;
    return WebhookMessage.unresolvable;
  }
}
