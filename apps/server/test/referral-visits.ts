/**
 * Requests for `?ref=CODE` pages as browsers make them (decision 012): a top-level navigation,
 * which may count as an affiliate click, and the subresource fetches of another site's page,
 * which must not.
 */
import type { FastifyInstance } from 'fastify';

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Following a link from another site: what Chrome sends. */
export const NAVIGATION_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-user': '?1',
  'user-agent': BROWSER_USER_AGENT,
};

/** `<img src="https://store/?ref=CODE">` on another site's page: what Chrome sends. */
export const IMAGE_HEADERS: Record<string, string> = {
  accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
  'sec-fetch-site': 'cross-site',
  'user-agent': BROWSER_USER_AGENT,
};

/** GETs `url` with these headers (and the address and cookie given); answers the `everdeal_ref=…` pair set, if any. */
export async function requestWithRef(
  app: FastifyInstance,
  url: string,
  { headers = NAVIGATION_HEADERS, ip, cookie }: { headers?: Record<string, string>; ip?: string; cookie?: string } = {},
): Promise<string | undefined> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(ip ? { 'x-forwarded-for': ip } : {}), ...(cookie ? { cookie } : {}) },
  });
  const header = response.headers['set-cookie'];
  const set = (Array.isArray(header) ? header : header ? [header] : []).find((line) =>
    line.startsWith('everdeal_ref='),
  );
  return set?.split(';')[0];
}
