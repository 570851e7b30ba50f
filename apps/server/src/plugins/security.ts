import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { nextCspNonce } from './csp-nonce';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

// Google Identity Services (token client) when Google sign-in is configured: its script, the
// popup's frame and requests, and its button styles (developers.google.com/identity/gsi/web/guides/get-google-api-clientid#cross_origin_opener_policy).
const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
const GOOGLE_STYLE = 'https://accounts.google.com/gsi/style';

// Stripe.js and its card fields when PAYMENT_PROVIDER=stripe (docs.stripe.com/security/guide#content-security-policy):
// its script, the card and 3-D Secure frames, and its API.
const STRIPE_SCRIPT = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com';
const STRIPE_API = 'https://api.stripe.com';

type StripeSources = { script: string; frames: string; api: string };

/**
 * What the page admits for Stripe.js: Stripe's own hosts, or, when STRIPE_JS_URL names a local
 * stand-in (tests, loopback only in production), that one origin for the script, its frames and
 * its requests.
 */
function stripeSources(stripeJsUrl: string): StripeSources {
  const origin = new URL(stripeJsUrl).origin;
  if (origin === 'https://js.stripe.com') return { script: STRIPE_SCRIPT, frames: STRIPE_FRAMES, api: STRIPE_API };
  return { script: origin, frames: origin, api: origin };
}

function contentSecurityPolicy(nonce: string, allowGoogleSignIn: boolean, stripeAllowed?: StripeSources) {
  const google = (source: string) => (allowGoogleSignIn ? ` ${source}` : '');
  const stripe = (pick: (sources: StripeSources) => string) => (stripeAllowed ? ` ${pick(stripeAllowed)}` : '');
  const frames = [...(allowGoogleSignIn ? [GOOGLE_GSI] : []), ...(stripeAllowed ? [stripeAllowed.frames] : [])];
  return [
    "default-src 'self'",
    // Inline scripts run only with this request's nonce (the SSR hydration data).
    `script-src 'self' 'nonce-${nonce}'${google(GOOGLE_SCRIPT)}${stripe((sources) => sources.script)}`,
    // Inline style attributes are part of React's output; styles cannot run code.
    `style-src 'self' 'unsafe-inline'${google(GOOGLE_STYLE)}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${google(GOOGLE_GSI)}${stripe((sources) => sources.api)}`,
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer (helmet), and a Content-Security-Policy with a per-request
 * nonce. Helmet's own nonce option also puts a nonce on style-src, which would switch off
 * 'unsafe-inline' and block React's style attributes, so the policy is written here.
 * Development leaves CSP off because Vite's client injects inline code and a websocket.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    enforceCsp: boolean;
    allowGoogleSignIn?: boolean;
    /** Where Stripe.js comes from, when PAYMENT_PROVIDER=stripe; undefined admits no Stripe host. */
    stripeJsUrl?: string | undefined;
  },
) {
  const stripeAllowed = options.stripeJsUrl === undefined ? undefined : stripeSources(options.stripeJsUrl);
  app.decorateRequest('cspNonce', '');
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Google's token client answers from a popup, which `same-origin` would cut off from us.
    crossOriginOpenerPolicy: { policy: options.allowGoogleSignIn ? 'same-origin-allow-popups' : 'same-origin' },
    // HSTS belongs to the TLS-terminating proxy in front of production.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = nextCspNonce();
    if (options.enforceCsp)
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(request.cspNonce, options.allowGoogleSignIn ?? false, stripeAllowed),
      );
  });
}
