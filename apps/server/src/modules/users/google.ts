import { AppError } from '@everdeal/contracts';
import { z } from 'zod';

export const GOOGLE_LOGIN_FAILED = 'Google login failed, please try again later';
export const GOOGLE_EMAIL_UNVERIFIED = 'Your Google e-mail address is not verified';
const USERINFO_TIMEOUT_MS = 5000;

/** The OpenID Connect userinfo claims we use (Google's endpoint and any standard provider). */
const GoogleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.unknown(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

export type GoogleProfile = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
};

/**
 * Asks the userinfo endpoint who an access token belongs to (requirements §3: the token client gives
 * the browser an access token, not an ID token). An endpoint that refuses the token, times out
 * or answers something unexpected is one message; an unverified e-mail is refused, since
 * linking by e-mail would otherwise let anyone claim an address they do not own.
 */
export async function fetchGoogleProfile(userinfoUrl: string, accessToken: string): Promise<GoogleProfile> {
  let body: unknown;
  try {
    const response = await fetch(userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`userinfo answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new AppError(400, GOOGLE_LOGIN_FAILED, { cause: error });
  }
  const parsed = GoogleProfileSchema.safeParse(body);
  if (!parsed.success) throw new AppError(400, GOOGLE_LOGIN_FAILED, { cause: parsed.error });
  // Strictly `true`: some providers send the string "true", which we do not take as a promise.
  if (parsed.data.email_verified !== true) throw AppError.badRequest(GOOGLE_EMAIL_UNVERIFIED);
  return {
    subject: parsed.data.sub,
    email: parsed.data.email.trim(),
    firstName: (parsed.data.given_name ?? '').trim().slice(0, 50),
    lastName: (parsed.data.family_name ?? '').trim().slice(0, 50),
  };
}
