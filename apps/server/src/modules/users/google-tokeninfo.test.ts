import { describe, expect, it } from 'vitest';
import { tokenSubjectFor } from './google';

// Decision 018: what the store accepts from Google's tokeninfo answer. The answer's shape is
// Google's own: numbers and booleans arrive as strings.
const CLIENT_ID = '1234-everdeal.apps.googleusercontent.com';
const now = new Date('2026-11-28T10:00:00Z');
const nowSeconds = now.getTime() / 1000;
const answer = (fields: Record<string, unknown> = {}) => ({
  azp: CLIENT_ID,
  aud: CLIENT_ID,
  sub: '1100222333',
  scope: 'openid https://www.googleapis.com/auth/userinfo.email',
  exp: String(nowSeconds + 3599),
  expires_in: '3599',
  email: 'ada@example.com',
  email_verified: 'true',
  access_type: 'online',
  ...fields,
});

describe('tokenSubjectFor', () => {
  it("takes a token issued to this client, unexpired on the store's clock", () => {
    expect(tokenSubjectFor(CLIENT_ID, answer(), now)).toBe('1100222333');
    expect(tokenSubjectFor(CLIENT_ID, answer({ exp: nowSeconds + 60, expires_in: undefined }), now)).toBe('1100222333');
    expect(tokenSubjectFor(CLIENT_ID, answer({ azp: undefined }), now)).toBe('1100222333');
  });

  it('refuses a token issued to another client, by audience or by authorized party', () => {
    expect(tokenSubjectFor(CLIENT_ID, answer({ aud: 'other.apps.googleusercontent.com' }), now)).toBeUndefined();
    expect(tokenSubjectFor(CLIENT_ID, answer({ azp: 'other.apps.googleusercontent.com' }), now)).toBeUndefined();
    expect(
      tokenSubjectFor(CLIENT_ID, answer({ aud: undefined, azp: undefined }), now),
      'no audience at all',
    ).toBeUndefined();
    expect(tokenSubjectFor(`${CLIENT_ID} `, answer(), now), 'no loose comparison').toBeUndefined();
  });

  it('refuses an expired token', () => {
    expect(tokenSubjectFor(CLIENT_ID, answer({ exp: String(nowSeconds) }), now)).toBeUndefined();
    expect(tokenSubjectFor(CLIENT_ID, answer({ exp: String(nowSeconds - 1) }), now)).toBeUndefined();
    expect(tokenSubjectFor(CLIENT_ID, answer({ expires_in: '0' }), now)).toBeUndefined();
    expect(tokenSubjectFor(CLIENT_ID, answer({ exp: undefined }), now), 'no expiry at all').toBeUndefined();
  });

  it('refuses an answer it cannot read', () => {
    for (const odd of [null, 'ok', [], { error: 'invalid_token' }, answer({ sub: '' }), answer({ exp: 'soon' })]) {
      expect(tokenSubjectFor(CLIENT_ID, odd, now)).toBeUndefined();
    }
  });
});
