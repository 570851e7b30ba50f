import { categoryPath } from '@everdeal/contracts/paths';
import { lazy, type ReactNode, Suspense } from 'react';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { ProseHtml } from '~/components/ui/prose';
import { lazyWithPreload } from '~/lib/lazy';
import type { ProductJsonLdReview } from '~/lib/structured-data';
import { LifetimePromiseBanner } from '~/shared/catalog/lifetime-promise-banner';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { useProductActions } from '../product-actions';
import type { ProductPageView } from '../product-page-view';
import { refundWindowTitle } from '../refund-window';
import { BuyBox } from './buy-box';
import { DealStatusBadge } from './deal-status-badge';
import type { ProductPreviewState } from './preview-banner';
import { ProductLogo } from './product-logo';
import { PRODUCT_SECTIONS, ProductSectionNav } from './product-section-nav';
import { RatingStars } from './rating-stars';

// Below the fold, or static once rendered: the server renders these sections into the HTML and the
// browser hydrates each when its chunk arrives (a Suspense boundary of its own), which keeps them
// off the first load (docs/benchmarks.md, "First-load JavaScript"). A tap on one before then is
// lost: React hydrates a tapped boundary at once only when its code is there, and replays no
// click (decision 006). The gallery's buttons wait for their chunk like that.
const ProductGallery = lazyWithPreload(() => import('./product-gallery').then((module) => module.ProductGallery));
// The buy box near the top sells; the plan cards further down are the long form (decision 013).
const PlanCard = lazyWithPreload(() => import('./plan-card').then((module) => module.PlanCard));
const PlanComparison = lazyWithPreload(() => import('./plan-comparison').then((module) => module.PlanComparison));
const DealFacts = lazyWithPreload(() => import('./deal-facts').then((module) => module.DealFacts));
const AiDisclosure = lazyWithPreload(() => import('./ai-disclosure').then((module) => module.AiDisclosure));
const RefundGuarantee = lazyWithPreload(() => import('./refund-guarantee').then((module) => module.RefundGuarantee));
const ChipList = lazyWithPreload(() => import('./chip-list').then((module) => module.ChipList));
const SellerCard = lazyWithPreload(() => import('./seller-card').then((module) => module.SellerCard));
const ProductJsonLd = lazyWithPreload(() => import('./catalog-json-ld').then((module) => module.ProductJsonLd));
// The last section, under the community: its cards' buttons carry `data-early-tap`, so a tap on
// one before the chunk is in waits for it (lib/early-tap.ts) instead of being lost.
const RelatedDeals = lazyWithPreload(() => import('./related-deals').then((module) => module.RelatedDeals));

// In the side column, after the fold on phones: rendered by the server, hydrated when its chunk
// arrives, outside the page's first-load budget (docs/benchmarks.md).
// Only a seller's preview of the page shows these (the product page's budget, decision 006).
const PreviewBanner = lazy(() => import('./preview-banner').then((module) => ({ default: module.PreviewBanner })));
const PreviewProductActions = lazy(() =>
  import('./preview-banner').then((module) => ({ default: module.PreviewProductActions })),
);
const DealHealthCard = lazy(() => import('./deal-health-card').then((module) => ({ default: module.DealHealthCard })));

const unavailableLabels = { upcoming: 'Coming soon', ended: 'Deal ended', sold_out: 'Sold out', live: undefined };

export interface ProductPageProps {
  product: ProductPageView;
  related: ProductCardView[];
  /** The render time, so the server and the hydrating browser word the deal status alike. */
  now: number;
  publicUrl: string;
  /** The reviews, questions, updates and community sections (requirements §12). */
  community: ReactNode;
  /** Reviews the JSON-LD carries beside the aggregate rating. */
  reviewsJsonLd?: ProductJsonLdReview[];
  /**
   * A preview of a product that may not be in the store (decision 022): a banner with its stage,
   * nothing to buy, upvote or save, no structured data and no related deals.
   */
  preview?: ProductPreviewState;
}

/** A previewed product has no community yet, so its section menu stops at the plans. */
const PREVIEW_SECTIONS = PRODUCT_SECTIONS.filter((section) => section.id === 'overview' || section.id === 'plans');

/**
 * A product's page (requirements §2 "/products/{slug}"): header, the buy box (first after the header
 * on phones, a sticky column beside the page on desktop), gallery, details, plans, community,
 * related deals.
 */
export function ProductPage({
  product,
  related,
  now,
  publicUrl,
  community,
  reviewsJsonLd = [],
  preview,
}: ProductPageProps) {
  const { UpvoteButton, FavoriteButton } = useProductActions();
  const isPurchasable = !preview && product.dealStatus === 'live';
  const categoryUrl = categoryPath(product.category.slug);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
      {preview ? (
        <Suspense fallback={null}>
          <PreviewBanner slug={product.slug} preview={preview} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <ProductJsonLd product={product} publicUrl={publicUrl} reviews={reviewsJsonLd} />
        </Suspense>
      )}
      <Breadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: product.category.name, to: categoryUrl }, { label: product.name }]}
      />

      {/* A grid from 1024 px: the header and the page in the wide column, the buy box beside both,
          sticking under the site header all the way down. Below that, one column in reading
          order: the name, then the buy box, then the rest (decision 013). */}
      <article
        aria-labelledby="product-name"
        className="mt-6 grid grid-cols-1 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-x-10"
      >
        {/* On a phone the logo sits beside the name, not above it, and everything else spans the
            width below: the buy box, and its button, start that much higher (decision 013). From
            640 px the logo heads a column of its own, as before. */}
        <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 sm:items-start sm:gap-x-5 lg:col-start-1 lg:row-start-1">
          <ProductLogo src={product.logoUrl} name={product.name} size="lg" className="sm:row-span-2" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
                {product.category.name}
              </span>
              <DealStatusBadge status={product.dealStatus} endsAt={product.endsAt} />
            </div>
            <h1 id="product-name" className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
              {product.name}
            </h1>
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
            <p className="mt-3 max-w-3xl text-lg text-ink-700 sm:mt-2">{product.tagline}</p>
            <div className="mt-4 flex flex-wrap items-center gap-2">
              {preview ? (
                <Suspense fallback={null}>
                  <PreviewProductActions upvoteCount={product.upvoteCount} />
                </Suspense>
              ) : (
                <>
                  <UpvoteButton product={product} size="md" />
                  <FavoriteButton product={product} variant="labelled" />
                </>
              )}
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <RatingStars rating={product.rating} reviewCount={product.reviewCount} size="md" />
              {product.plans.length > 0 ? (
                <a href="#plans" className="text-sm font-semibold text-brand-700 hover:underline">
                  See {product.plans.length === 1 ? 'the plan' : `all ${product.plans.length} plans`}
                </a>
              ) : null}
            </div>
          </div>
          <LifetimePromiseBanner promise={product.lifetimePromise} audience="shopper" className="col-span-2 mt-4" />
        </header>

        <div className="mt-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0">
          <div className="lg:sticky lg:top-20 lg:-m-1 lg:max-h-[calc(100dvh-5.5rem)] lg:overflow-y-auto lg:p-1">
            <BuyBox product={product} isPreview={preview !== undefined} />
          </div>
        </div>

        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <ProductSectionNav className="mt-6" {...(preview ? { sections: PREVIEW_SECTIONS } : {})} />
          <div className="mt-8 min-w-0 space-y-12">
            <div id="overview" className="scroll-mt-32 space-y-12">
              <Suspense fallback={null}>
                <ProductGallery images={product.gallery} productName={product.name} />
              </Suspense>
              <section aria-labelledby="about-product">
                <h2 id="about-product" className="text-2xl font-bold tracking-tight text-ink-900">
                  About {product.name}
                </h2>
                <ProseHtml html={product.descriptionHtml} className="mt-4" />
              </section>
            </div>

            <aside aria-label="Deal details" className="grid gap-5 sm:grid-cols-2">
              <Suspense fallback={null}>
                <RefundGuarantee days={product.refundWindowDays} />
                <DealFacts status={product.dealStatus} endsAt={product.endsAt} now={now} />
              </Suspense>
              {product.dealHealth ? (
                <Suspense fallback={null}>
                  <DealHealthCard health={product.dealHealth} />
                </Suspense>
              ) : null}
              <Suspense fallback={null}>
                <AiDisclosure ai={product.ai} />
                <SellerCard seller={product.seller} />
              </Suspense>
            </aside>
            <section id="plans" aria-labelledby="plans-title" className="min-w-0 scroll-mt-32">
              <h2 id="plans-title" className="text-2xl font-bold tracking-tight text-ink-900">
                Choose your plan
              </h2>
              <p className="mt-1 text-ink-500">
                Every plan is delivered as a license code you redeem on {product.name}&rsquo;s own site.{' '}
                <a href="#refund-window" className="font-medium text-brand-700 hover:underline">
                  {refundWindowTitle(product.refundWindowDays)}
                </a>
              </p>
              {product.plans.length > 0 ? (
                <ul className="mt-6 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
                  <Suspense fallback={null}>
                    {product.plans.map((plan, index) => (
                      <li key={plan.variantId}>
                        <PlanCard
                          product={product}
                          plan={plan}
                          below={product.plans[index - 1]}
                          isPurchasable={isPurchasable}
                          unavailableLabel={
                            preview ? 'Not on sale in a preview' : unavailableLabels[product.dealStatus]
                          }
                        />
                      </li>
                    ))}
                  </Suspense>
                </ul>
              ) : (
                <p className="mt-6 rounded-card bg-surface p-6 text-ink-500 ring-1 ring-ink-900/5">
                  The seller has not published any plans for this deal yet.
                </p>
              )}
              <div className="mt-8">
                <Suspense fallback={null}>
                  <PlanComparison plans={product.plans} productName={product.name} />
                </Suspense>
              </div>
            </section>

            <div className="space-y-6">
              <Suspense fallback={null}>
                <ChipList id="integrations" title="Integrations" items={product.integrations} />
                <ChipList id="alternative-to" title="Alternative to" items={product.alternativeTo} />
              </Suspense>
            </div>

            {/* Reviews, questions, updates and threads: the community feature, composed by the route. */}
            {community}
          </div>
        </div>
      </article>

      {preview ? null : (
        <section aria-labelledby="related-deals" className="mt-20">
          <h2 id="related-deals" className="text-2xl font-bold tracking-tight text-ink-900">
            Related deals
          </h2>
          <p className="mt-1 text-ink-500">More {product.category.name.toLowerCase()} tools on Everdeal.</p>
          <Suspense fallback={null}>
            <RelatedDeals products={related} categoryName={product.category.name} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
