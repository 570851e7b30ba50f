import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { ErrorContent, errorDetails } from '~/features/shell/error-content';
import { NotFoundContent } from '~/features/shell/not-found-content';
import { SiteShell } from '~/features/shell/site-shell';

export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** A page that throws keeps the header and footer: a thrown 404 shows the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <SiteShell>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundContent />
      ) : (
        <ErrorContent details={errorDetails(error)} />
      )}
    </SiteShell>
  );
}
