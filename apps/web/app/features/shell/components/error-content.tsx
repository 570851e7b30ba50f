import House from 'lucide-react/icons/house';
import RotateCw from 'lucide-react/icons/rotate-cw';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';

export interface ErrorContentProps {
  /** Shown only in development: production never sends stack traces to the page. */
  details?: { message: string; stack?: string } | null;
}

/** The friendly page for an unexpected error: Reload and Go to Homepage. */
export function ErrorContent({ details }: ErrorContentProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-20 place-items-center rounded-3xl bg-accent-400/15 text-accent-500 ring-8 ring-accent-400/5">
        <TriangleAlert aria-hidden="true" className="size-9" strokeWidth={2} />
      </span>
      <h1 className="mt-8 font-bold text-3xl text-ink-900 tracking-tight sm:text-4xl">Something went wrong</h1>
      <p className="mt-3 max-w-md text-base text-ink-500 leading-relaxed">
        Sorry, this page hit an unexpected problem on our side. Reloading usually fixes it; if not, start again from the
        homepage.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-[1.125rem]" />
          Reload
        </Button>
        <Link to="/" reloadDocument className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          <House aria-hidden="true" className="size-[1.125rem]" />
          Go to Homepage
        </Link>
      </div>
      {details ? (
        <details className="mt-10 w-full rounded-card border border-ink-900/10 bg-white p-4 text-left">
          <summary className="cursor-pointer font-semibold text-ink-700 text-sm">
            Error details (development only)
          </summary>
          <pre className="mt-3 overflow-x-auto whitespace-pre-wrap text-ink-700 text-xs">
            {details.message}
            {details.stack ? `\n\n${details.stack}` : ''}
          </pre>
        </details>
      ) : null}
    </section>
  );
}

/** Turns whatever was thrown into development-only details. */
export function errorDetails(error: unknown): ErrorContentProps['details'] {
  if (!import.meta.env.DEV) return null;
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}
