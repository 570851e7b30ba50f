import { AppError } from '@everdeal/contracts';
import { z } from 'zod';

export const GOOGLE_LOGIN_FAILED = 'Google login failed, please try again later';
export const GOOGLE_EMAIL_UNVERIFIED = 'Your Google e-mail address is not verified';
const GOOGLE_TIMEOUT_MS = 5000;

/** Where the server asks about an access token, and the client id a token must be issued to. */
export type GoogleSignIn = {
  /** Unset: Google sign-in is off, and no token can be for us. */
  clientId: string | undefined;
  tokeninfoUrl: string;
  userinfoUrl: string;
};

/** The OpenID Connect userinfo claims we use (Google's endpoint and any standard provider). */
const GoogleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.unknown(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** Google sends tokeninfo's numbers as strings ("exp": "1767225600"). */
const epochSeconds = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/** Google's tokeninfo answer for an access token: whom it was issued to and until when. */
const TokenInfoSchema = z.object({
  aud: z.string().min(1),
  azp: z.string().min(1).optional(),
  sub: z.string().min(1),
  exp: epochSeconds,
  expires_in: epochSeconds.optional(),
});

export type GoogleProfile = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
};

/**
 * Decision 018: an access token proves who someone is only to the client it was issued to; any
 * site with a Google button receives tokens of its visitors. Returns the token's subject, or
 * undefined for a token issued to another client (`aud`, or `azp` when sent), an expired one on
 * our clock, or an answer we cannot read.
 */
export function tokenSubjectFor(clientId: string, tokeninfo: unknown, now: Date): string | undefined {
  const parsed = TokenInfoSchema.safeParse(tokeninfo);
  if (!parsed.success) return undefined;
  const { aud, azp, sub, exp, expires_in: expiresIn } = parsed.data;
  if (aud !== clientId || (azp !== undefined && azp !== clientId)) return undefined;
  if (exp * 1000 <= now.getTime() || (expiresIn !== undefined && expiresIn <= 0)) return undefined;
  return sub;
}

async function fetchJson(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

/**
 * Who an access token belongs to (requirements §3: the token client gives the browser an access
 * token, not an ID token). First tokeninfo: the token must be ours and unexpired (decision 018);
 * then userinfo for the profile, which must be the same subject. A refusal, a timeout or an
 * unexpected answer is one message; an unverified e-mail is refused, since linking by e-mail
 * would otherwise let anyone claim an address they do not own.
 */
export async function fetchGoogleProfile(google: GoogleSignIn, accessToken: string, now: Date): Promise<GoogleProfile> {
  const { clientId } = google;
  if (clientId === undefined) throw AppError.badRequest(GOOGLE_LOGIN_FAILED);
  let subject: string | undefined;
  let body: unknown;
  try {
    // Google documents the token as tokeninfo's query parameter; our errors name only the path.
    const tokeninfoUrl = new URL(google.tokeninfoUrl);
    tokeninfoUrl.searchParams.set('access_token', accessToken);
    const tokeninfo = await fetchJson(tokeninfoUrl.href, { headers: { accept: 'application/json' } });
    subject = tokenSubjectFor(clientId, tokeninfo, now);
    if (subject === undefined) throw new Error('the token was not issued to this client or has expired');
    body = await fetchJson(google.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
  } catch (error) {
    throw new AppError(400, GOOGLE_LOGIN_FAILED, { cause: error });
  }
  const parsed = GoogleProfileSchema.safeParse(body);
  if (!parsed.success || parsed.data.sub !== subject) {
    throw new AppError(400, GOOGLE_LOGIN_FAILED, {
      cause: parsed.error ?? new Error('userinfo named another subject'),
    });
  }
  // Strictly `true`: some providers send the string "true", which we do not take as a promise.
  if (parsed.data.email_verified !== true) throw AppError.badRequest(GOOGLE_EMAIL_UNVERIFIED);
  return {
    subject: parsed.data.sub,
    email: parsed.data.email.trim(),
    firstName: (parsed.data.given_name ?? '').trim().slice(0, 50),
    lastName: (parsed.data.family_name ?? '').trim().slice(0, 50),
  };
}
