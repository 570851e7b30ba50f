import { isRouteErrorResponse } from 'react-router';
import { ErrorContent, errorDetails } from './error-content';
import { NotFoundContent } from './not-found-content';

/** What an error boundary shows for what was thrown: the 404 page for a 404, else the error page. */
export function RouteError({ error }: { error: unknown }) {
  return isRouteErrorResponse(error) && error.status === 404 ? (
    <NotFoundContent />
  ) : (
    <ErrorContent details={errorDetails(error)} />
  );
}
