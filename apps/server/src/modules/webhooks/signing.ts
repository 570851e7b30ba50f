/**
 * Webhook secrets and signatures (decision 033). A secret is `whsec_` and 32 random bytes; the
 * seller sees it once. We must sign with it later, so a hash would not do: it is stored encrypted
 * with AES-256-GCM under `WEBHOOK_SECRET_KEY`, bound to its seller (the seller id is the
 * authenticated data, so a ciphertext copied to another seller's row does not open).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const FORMAT = 'v1';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the seller area shows of a stored secret. */
export const secretHint = (secret: string) => secret.slice(-4);

const context = (sellerId: number) => Buffer.from(`webhook-endpoint:${sellerId}`);

export function encryptSecret(key: Buffer, sellerId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(context(sellerId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, sellerId: number, stored: string): string {
  const [format, iv, tag, body] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || !body) throw new Error('unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(context(sellerId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The `Everdeal-Signature` header of a body sent at `at`: `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>" keyed by the secret as text>` (requirements "Sellers' licensing API and webhooks"),
 * one `v1` per secret in the order given. While a rotated secret still signs (decision 046) it
 * comes first and the current one last, so a receiver that reads only the last `v1` checks the
 * current secret, exactly as when one secret signs.
 */
export function signatureHeader(secrets: readonly string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...signatures].join(',');
}
