import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, Outlet } from 'react-router';
import { Logo } from '~/features/shell/components/logo';
import { SkipLink } from '~/features/shell/components/skip-link';

/**
 * Requirements §2 "product form layout": forms about a product (review, question, community) and their
 * confirmation. A slim header keeps the way back; the page sits in one centred card.
 */
export default function ProductFormLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SkipLink />
      <header className="sticky top-0 z-40 h-16 border-ink-900/[0.08] border-b bg-white/80 backdrop-blur-xl">
        <div className="mx-auto flex h-full max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <Link
            to="/"
            className="-mr-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 font-medium text-ink-700 text-sm transition-colors hover:bg-ink-900/5 hover:text-ink-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to store
          </Link>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 focus:outline-none sm:py-16"
      >
        <div className="w-full max-w-xl rounded-3xl border border-ink-900/[0.06] bg-white p-6 shadow-card sm:p-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
