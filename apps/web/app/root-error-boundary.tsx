import { useRouteError } from 'react-router';
import { LazyRouteError } from '~/features/shell/components/lazy-route-error';
import { Logo } from '~/features/shell/components/logo';

/**
 * The last line of defence: an error above the layouts (root loader, providers). It renders
 * without the app's providers, so it shows a minimal frame with the logo and no header state.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-ink-900/[0.08] border-b bg-white px-4 sm:px-6 lg:px-8">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center">
        <LazyRouteError error={error} />
      </main>
    </div>
  );
}
