/**
 * `?ref=CODE` on any page (requirements §13, decision 012): the visit is recorded as a click and
 * the browser keeps the click's token in a first-party cookie for 30 days, so the checkout can
 * attribute the visitor's orders to the last code they followed. An unknown code is ignored
 * silently; so are clicks past the per-address limit (the page is served either way).
 */
import { randomBytes } from 'node:crypto';
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_CODE_PATTERN,
  AFFILIATE_REF_COOKIE,
  AFFILIATE_REF_PARAM,
} from '@everdeal/contracts';
import { affiliateClicks, affiliates, type Db, users } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../plugins/rate-limit';
import { hashClickToken } from './affiliates.service';

export type ReferralClickDeps = { db: Db; now: () => Date; limits: RateLimits; publicUrl: string };

// Not pages: the API, the built assets, uploads and the documents generated beside the pages.
const NOT_A_PAGE = /^\/(?:api|assets|uploads|webhooks)(?:\/|$)|^\/build-meta\.json$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The click token the request's cookie holds, if it looks like one of ours. */
export function clickTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== AFFILIATE_REF_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : undefined;
  }
  return undefined;
}

function clickCookie(token: string, secure: boolean): string {
  const maxAge = AFFILIATE_ATTRIBUTION_DAYS * 24 * 60 * 60;
  return `${AFFILIATE_REF_COOKIE}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Records the click of a `?ref=CODE` page request; answers the cookie to set, or null. */
export async function recordReferralClick(
  deps: ReferralClickDeps,
  input: { code: string; path: string; ip: string },
): Promise<string | null> {
  const code = input.code.trim().toUpperCase();
  if (!AFFILIATE_CODE_PATTERN.test(code)) return null;
  // The code of a deactivated account counts no more visits (decision 002); what it earned stays.
  const [affiliate] = await deps.db
    .select({ id: affiliates.id })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(and(eq(affiliates.code, code), eq(users.status, 'active')))
    .limit(1);
  if (!affiliate) return null;
  if (!(await deps.limits.tryConsume('affiliateClickPerIp', input.ip))) return null;
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(affiliateClicks).values({
    affiliateId: affiliate.id,
    tokenHash: hashClickToken(token),
    landingPath: input.path.slice(0, 500),
    createdAt: deps.now(),
  });
  return clickCookie(token, deps.publicUrl.startsWith('https:'));
}

export function registerReferralClicks(app: FastifyInstance, deps: ReferralClickDeps) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.includes(`${AFFILIATE_REF_PARAM}=`)) return;
    const url = new URL(request.url, 'http://localhost');
    const code = url.searchParams.get(AFFILIATE_REF_PARAM);
    if (!code || NOT_A_PAGE.test(url.pathname)) return;
    try {
      const cookie = await recordReferralClick(deps, { code, path: url.pathname, ip: request.ip });
      if (cookie) reply.header('set-cookie', cookie);
    } catch (error) {
      // A click that cannot be recorded must not cost the visitor the page.
      request.log.error({ err: error }, 'affiliate click not recorded');
    }
  });
}
