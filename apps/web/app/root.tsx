import { INLINE_ICON_SYMBOLS } from 'virtual:everdeal/inline-icons';
import { BRAND_TAGLINE, HOME_TITLE, pageTitle } from '@everdeal/contracts/constants';
import { NotFoundPageText } from '@everdeal/contracts/messages';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import { AppProviders } from '~/app-providers';
import { EARLY_TAP_SCRIPT } from '~/lib/early-tap';
import type { RootData } from '~/lib/root-data';
import type { Route } from './+types/root';
import appCssHref from './app.css?url';

export async function loader({ context }: Route.LoaderArgs) {
  return {
    cspNonce: context.cspNonce,
    buildId: context.buildId,
    googleClientId: context.googleClientId ?? null,
  } satisfies RootData;
}

/**
 * The home page's title and description, inherited by pages without their own. A page whose
 * loader throws renders the nearest error boundary, and React Router then reads the meta of the
 * routes down to that boundary only, which export none: so the error's title is decided here
 * (requirements §2: an unknown product once said "Everdeal | Lifetime deals on AI software" with its 404).
 */
export const meta: Route.MetaFunction = ({ error }) => {
  if (error) {
    const isNotFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: pageTitle(isNotFound ? NotFoundPageText.title : 'Something went wrong') },
      { name: 'robots', content: 'noindex' },
    ];
  }
  return [{ title: HOME_TITLE }, { name: 'description', content: BRAND_TAGLINE }];
};

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/*
 * The inline script's text is the server's only: a script runs from the HTML it arrived in, never
 * when React creates it in the browser, and hydrating it React keeps the server's text (it
 * compares it in development only, which `suppressHydrationWarning` quiets). So the browser's
 * build does not carry it (docs/benchmarks.md, "First-load JavaScript"); Vite settles
 * `import.meta.env.SSR` at build. The icon symbols below are markup the page keeps using: the
 * browser renders them too, in case React mounts this element again (an error page of the root).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.cspNonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6323f0" />
        {/* Before any content: catches taps on buttons that cannot act yet (lib/early-tap.ts). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, with the page's CSP nonce.
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_TAP_SCRIPT : '' }}
        />
        {/* `precedence` makes React put the stylesheet ahead of the modulepreload hints (which it
            hoists into the head first otherwise), so the browser asks for the CSS before ~40 scripts. */}
        <link rel="stylesheet" href={appCssHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-canvas font-sans text-ink-900">
        {/* The header's icons, drawn from here rather than the sprite file, so they show with the
            HTML on a slow phone (vite-plugins/lucide-sprite.ts). */}
        <svg
          aria-hidden="true"
          className="absolute size-0 overflow-hidden"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: symbols built from lucide's shapes at build time.
          dangerouslySetInnerHTML={{ __html: INLINE_ICON_SYMBOLS }}
        />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppProviders buildId={loaderData.buildId}>
      <Outlet />
    </AppProviders>
  );
}

export { RootErrorBoundary as ErrorBoundary } from '~/root-error-boundary';
