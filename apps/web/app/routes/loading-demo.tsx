import { pageTitle } from '@everdeal/contracts/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, type ButtonVariant } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { PageLoader } from '~/components/ui/page-loader';
import { ProductCardSkeleton, ProductPageSkeleton } from '~/components/ui/product-skeletons';
import { LoadingRegion, SearchResultsSkeleton, SkeletonText } from '~/components/ui/skeleton';
import { Spinner, type SpinnerSize } from '~/components/ui/spinner';
import { TOAST_PLACEMENTS, type ToastPlacement, type ToastType, toast } from '~/components/ui/toast';

// Requirements §2: demo and test pages of the spec stay out of search results.
export const meta = () => [{ title: pageTitle('Loading states') }, { name: 'robots', content: 'noindex' }];

const SPINNER_SIZES: SpinnerSize[] = ['xs', 'sm', 'md', 'lg', 'xl'];
const BUTTON_VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost'];
const TOAST_DEMOS: { type: ToastType; label: string; message: string }[] = [
  { type: 'success', label: 'Show success toast', message: 'Deal added to your wishlist' },
  { type: 'warning', label: 'Show warning toast', message: 'Too many requests, please try again later' },
  { type: 'info', label: 'Show info toast', message: 'Prices are shown in US dollars' },
  { type: 'error', label: 'Show error toast', message: 'Network error, please check your connection' },
  { type: 'primary', label: 'Show primary toast', message: 'New deal: 80% off lifetime access this week' },
];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requirements §2 test screen: every loading state and skeleton of the design system, labelled. */
export default function LoadingDemo() {
  const [placement, setPlacement] = useState<ToastPlacement>('top-right');
  const [isFullPageLoading, setIsFullPageLoading] = useState(false);
  const [isModalOpen, setIsModalOpen] = useState(false);

  useEffect(() => {
    if (!isFullPageLoading) return;
    const timer = setTimeout(() => setIsFullPageLoading(false), 2000);
    return () => clearTimeout(timer);
  }, [isFullPageLoading]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="max-w-2xl">
        <p className="font-semibold text-brand-600 text-sm">Design system</p>
        <h1 className="mt-2 font-bold text-3xl text-ink-900 tracking-tight sm:text-4xl">Loading states</h1>
        <p className="mt-3 text-ink-500 leading-relaxed">
          Every spinner, skeleton and loader used across Everdeal, plus the notifications and dialogs that report what
          happened.
        </p>
      </header>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <DemoCard title="Spinner sizes" note="xs, sm, md, lg and xl; inherits the text colour.">
          <div className="flex flex-wrap items-end gap-8 text-brand-600">
            {SPINNER_SIZES.map((size) => (
              <figure key={size} className="flex flex-col items-center gap-3">
                <Spinner size={size} label={`Loading (${size})`} />
                <figcaption className="font-medium text-ink-500 text-xs">{size}</figcaption>
              </figure>
            ))}
          </div>
        </DemoCard>

        <DemoCard title="Button loading" note="Spinner in place of the label, same width, aria-busy.">
          <div className="flex flex-wrap gap-3">
            {BUTTON_VARIANTS.map((variant) => (
              <Button key={variant} variant={variant} isLoading>
                {variant[0]?.toUpperCase()}
                {variant.slice(1)}
              </Button>
            ))}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button size="sm" isLoading>
              Small
            </Button>
            <Button size="lg" isLoading>
              Large button
            </Button>
            <Button size="md" disabled>
              Disabled
            </Button>
          </div>
        </DemoCard>

        <DemoCard title="Skeleton text lines" note="Paragraph placeholder; the last line is shorter.">
          <LoadingRegion label="Loading text…">
            <SkeletonText lines={4} />
          </LoadingRegion>
        </DemoCard>

        <DemoCard title="Search results skeleton" note="Rows of the search overlay while results load.">
          <LoadingRegion label="Loading search results…" className="-mx-3">
            <SearchResultsSkeleton count={3} />
          </LoadingRegion>
        </DemoCard>
      </div>

      <DemoCard title="Product card skeleton" note="Catalogue grids: home, trending, search." className="mt-6">
        <LoadingRegion label="Loading deals…" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <ProductCardSkeleton />
          <ProductCardSkeleton className="hidden sm:flex" />
          <ProductCardSkeleton className="hidden lg:flex" />
        </LoadingRegion>
      </DemoCard>

      <DemoCard title="Product page skeleton" note="Header, gallery, description and the plan box." className="mt-6">
        <LoadingRegion label="Loading product…">
          <ProductPageSkeleton />
        </LoadingRegion>
      </DemoCard>

      <DemoCard title="Full-page loader" note="Covers the page during a blocking action." className="mt-6">
        <div className="relative h-56 overflow-hidden rounded-2xl border border-ink-900/[0.06] bg-white">
          <div aria-hidden="true" className="space-y-4 p-6">
            <SkeletonText lines={5} />
          </div>
          <PageLoader contained label="Loading preview…" />
        </div>
        <Button variant="outline" className="mt-4" onClick={() => setIsFullPageLoading(true)}>
          Show full-page loader for 2 seconds
        </Button>
        {isFullPageLoading ? <PageLoader label="Loading your deals…" /> : null}
      </DemoCard>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <DemoCard title="Toasts" note="Closes after 3 seconds; hover to pause the timer.">
          <label className="flex flex-col gap-1.5 font-medium text-ink-700 text-sm sm:flex-row sm:items-center sm:gap-3">
            Placement
            <select
              value={placement}
              onChange={(event) => setPlacement(event.target.value as ToastPlacement)}
              className="h-11 rounded-xl border border-ink-900/15 bg-white px-3 text-ink-900 text-sm"
            >
              {TOAST_PLACEMENTS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <div className="mt-4 flex flex-wrap gap-2.5">
            {TOAST_DEMOS.map((demo) => (
              <Button
                key={demo.type}
                variant="outline"
                size="sm"
                onClick={() => toast.show({ type: demo.type, message: demo.message, placement })}
              >
                {demo.label}
              </Button>
            ))}
          </div>
        </DemoCard>

        <DemoCard title="Modal with async confirm" note="Confirm shows a spinner until its promise settles.">
          <Button variant="secondary" onClick={() => setIsModalOpen(true)}>
            Open modal
          </Button>
          <Modal
            open={isModalOpen}
            onOpenChange={setIsModalOpen}
            title="Remove this deal from your cart?"
            description="You can add it again at any time while the deal is live."
            confirmLabel="Remove"
            onConfirm={async () => {
              await wait(1200);
              toast.success('Deal removed from your cart');
            }}
          >
            The lifetime plan price is only guaranteed while the deal runs.
          </Modal>
        </DemoCard>
      </div>
    </div>
  );
}

function DemoCard({
  title,
  note,
  className,
  children,
}: {
  title: string;
  note: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-card border border-ink-900/[0.06] bg-white p-6 shadow-card ${className ?? ''}`}
    >
      <h2 className="font-semibold text-ink-900">{title}</h2>
      <p className="mt-1 text-ink-500 text-sm">{note}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
