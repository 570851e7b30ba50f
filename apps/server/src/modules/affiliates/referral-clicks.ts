/**
 * `?ref=CODE` on any page (requirements §13, decision 012): a top-level navigation is recorded as
 * a click and the browser keeps the click's token in a first-party cookie for 30 days, so the
 * checkout can attribute the visitor's orders to the last code they followed. The dashboard
 * counts a visitor's clicks of one code once per UTC day. An unknown code is ignored silently; so
 * are subresource requests (another site's `<img src="…?ref=CODE">`) and clicks past the
 * per-address limit (the page is served either way).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
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

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().toLowerCase();
};

/**
 * Only a page the visitor opened counts, never a subresource another site's page makes the
 * browser fetch (which would also plant our cookie), a frame or a prefetch. Browsers say so in
 * Sec-Fetch-Mode and Sec-Fetch-Dest (every current one sends them); a request without them (an
 * older browser, a script) counts only when it asks for HTML, as a browser's navigation does and
 * its image, script or style requests and curl's default do not.
 */
export function isTopLevelNavigation(headers: IncomingHttpHeaders): boolean {
  if (/prefetch|prerender/.test(`${header(headers, 'sec-purpose')} ${header(headers, 'purpose')}`)) return false;
  const mode = header(headers, 'sec-fetch-mode');
  const dest = header(headers, 'sec-fetch-dest');
  if (mode || dest) return (mode === '' || mode === 'navigate') && (dest === '' || dest === 'document');
  return header(headers, 'accept').includes('text/html');
}

/** Who is visiting when the browser brings no click of ours: never the address itself. */
function hashVisitor(ip: string, userAgent: string): string {
  return createHash('sha256').update(`everdeal-affiliate-visitor\n${ip}\n${userAgent}`).digest('hex');
}

/** The UTC day of an instant, as PostgreSQL's `date` reads it. */
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

function clickCookie(token: string, secure: boolean): string {
  const maxAge = AFFILIATE_ATTRIBUTION_DAYS * 24 * 60 * 60;
  return `${AFFILIATE_REF_COOKIE}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Records the click of a `?ref=CODE` navigation; answers the cookie to set, or null. The visitor
 * is the one of the click the browser's cookie holds (so a new network or browser version is the
 * same visitor), else the hashed address and user-agent. Its first click of a code on a UTC day
 * is counted; a repeat counts nothing and, unless the cookie already holds today's click of this
 * code, is kept uncounted only so that the last code followed still wins the attribution.
 */
export async function recordReferralClick(
  deps: ReferralClickDeps,
  input: { code: string; path: string; ip: string; userAgent: string; clickToken: string | undefined },
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
  const [held] = input.clickToken
    ? await deps.db
        .select({
          affiliateId: affiliateClicks.affiliateId,
          visitorKey: affiliateClicks.visitorKey,
          createdAt: affiliateClicks.createdAt,
        })
        .from(affiliateClicks)
        .where(eq(affiliateClicks.tokenHash, hashClickToken(input.clickToken)))
        .limit(1)
    : [];
  const visitorKey = held?.visitorKey ?? hashVisitor(input.ip, input.userAgent);
  const now = deps.now();
  const click = (countedOn: string | null) => {
    const token = randomBytes(32).toString('base64url');
    const row = {
      affiliateId: affiliate.id,
      tokenHash: hashClickToken(token),
      landingPath: input.path.slice(0, 500),
      createdAt: now,
      visitorKey,
      countedOn,
    };
    return { token, row };
  };
  const cookieOf = (token: string) => clickCookie(token, deps.publicUrl.startsWith('https:'));
  // The unique (affiliate, visitor, day) index decides, so visits racing on several instances
  // count once.
  const counted = click(utcDay(now));
  const inserted = await deps.db
    .insert(affiliateClicks)
    .values(counted.row)
    .onConflictDoNothing({
      target: [affiliateClicks.affiliateId, affiliateClicks.visitorKey, affiliateClicks.countedOn],
    })
    .returning({ id: affiliateClicks.id });
  if (inserted.length > 0) return cookieOf(counted.token);
  if (held?.affiliateId === affiliate.id && utcDay(held.createdAt) === utcDay(now)) return null;
  const repeat = click(null);
  await deps.db.insert(affiliateClicks).values(repeat.row);
  return cookieOf(repeat.token);
}

export function registerReferralClicks(app: FastifyInstance, deps: ReferralClickDeps) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.includes(`${AFFILIATE_REF_PARAM}=`)) return;
    const url = new URL(request.url, 'http://localhost');
    const code = url.searchParams.get(AFFILIATE_REF_PARAM);
    if (!code || NOT_A_PAGE.test(url.pathname) || !isTopLevelNavigation(request.headers)) return;
    try {
      const cookie = await recordReferralClick(deps, {
        code,
        path: url.pathname,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        clickToken: clickTokenOf(request),
      });
      if (cookie) reply.header('set-cookie', cookie);
    } catch (error) {
      // A click that cannot be recorded must not cost the visitor the page.
      request.log.error({ err: error }, 'affiliate click not recorded');
    }
  });
}
