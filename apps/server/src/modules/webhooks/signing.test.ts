import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, newWebhookSecret, signatureHeader } from './signing';

describe('webhook secrets (decision 033)', () => {
  const key = randomBytes(32);

  it('are whsec_ and 32 random bytes, never twice the same', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('open only with the key and for the seller they were sealed for', () => {
    const secret = newWebhookSecret();
    const sealed = encryptSecret(key, 7, secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(decryptSecret(key, 7, sealed)).toBe(secret);
    expect(() => decryptSecret(key, 8, sealed)).toThrow();
    expect(() => decryptSecret(randomBytes(32), 7, sealed)).toThrow();
  });

  it('sign "<t>.<body>" with HMAC-SHA256 of the secret, t in unix seconds', () => {
    const header = signatureHeader(['whsec_test'], '{"id":"1"}', new Date('2026-11-28T12:00:00.900Z'));
    const t = Date.parse('2026-11-28T12:00:00Z') / 1000;
    const v1 = createHmac('sha256', 'whsec_test').update(`${t}.{"id":"1"}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${v1}`);
  });

  it('carry one v1 per signing secret, in the order given (decision 046: the replaced one first)', () => {
    const at = new Date('2026-11-28T12:00:00Z');
    const t = at.getTime() / 1000;
    const sign = (secret: string) => createHmac('sha256', secret).update(`${t}.{}`).digest('hex');
    expect(signatureHeader(['whsec_old', 'whsec_new'], '{}', at)).toBe(
      `t=${t},v1=${sign('whsec_old')},v1=${sign('whsec_new')}`,
    );
  });
});
