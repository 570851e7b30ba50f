import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RootErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-semibold">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <a className="mt-6 inline-block text-brand-600 underline" href="/">
        Go to Homepage
      </a>
    </main>
  );
}
