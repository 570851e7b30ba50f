import type { SaleTag } from '@everdeal/contracts';
import { DEFAULT_REFUND_WINDOW_DAYS } from '@everdeal/contracts/constants';
import ArrowRight from 'lucide-react/icons/arrow-right';
import BadgeCheck from 'lucide-react/icons/badge-check';
import BellRing from 'lucide-react/icons/bell-ring';
import Gem from 'lucide-react/icons/gem';
import Rocket from 'lucide-react/icons/rocket';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { lazyWithPreload } from '~/lib/lazy';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import type { CategoryLinkView } from '../category-link-view';
import { EndingSoonList, type EndingSoonView } from './ending-soon-list';
import { HeroDealStack } from './hero-deal-stack';
import { ProductGrid } from './product-grid';
import { SaleBanner } from './sale-banner';
import { TitledSection } from './section-header';
import { TrendingList, type TrendingRowView } from './trending-list';

// Below the fold (the tiles) or static once rendered (the structured data): the server renders
// them and the browser hydrates each when its chunk arrives, off the first load
// (docs/benchmarks.md, "First-load JavaScript").
const CategoryTiles = lazyWithPreload(() => import('./category-tiles').then((module) => module.CategoryTiles));
const HomeJsonLd = lazyWithPreload(() => import('./catalog-json-ld').then((module) => module.HomeJsonLd));

const trustPoints = [
  {
    icon: Gem,
    title: 'Best Price on AI Products',
    text: 'Lifetime plans for a one-time price, often 80% or more below the original price.',
  },
  {
    icon: ShieldCheck,
    title: 'Risk-Free Guarantee',
    text: `Most deals come with a ${DEFAULT_REFUND_WINDOW_DAYS}-day refund window: refund it yourself from your order page.`,
  },
  {
    icon: Sparkles,
    title: 'Curated',
    text: 'We test every product before it launches and turn down most of the tools that apply.',
  },
  {
    icon: BadgeCheck,
    title: 'Trusted Tools',
    text: 'Real founders, an AI disclosure on every deal and reviews from verified buyers only.',
  },
];

export interface HomePageProps {
  featured: ProductCardView[];
  newest: ProductCardView[];
  endingSoon: EndingSoonView[];
  trending: TrendingRowView[];
  categories: CategoryLinkView[];
  publicUrl: string;
  /** The store-wide sale running now (decision 042); null outside one. */
  sale: SaleTag | null;
}

/** The home page (requirements §2 "/"): the hero, then featured, ending-soon, categories, trending and new deals. */
export function HomePage({ featured, newest, endingSoon, trending, categories, publicUrl, sale }: HomePageProps) {
  return (
    <div className="pb-20">
      <Suspense fallback={null}>
        <HomeJsonLd publicUrl={publicUrl} />
      </Suspense>
      {sale ? <SaleBanner sale={sale} /> : null}
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,rgb(116_67_251/0.55),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgb(255_157_10/0.18),transparent)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-14 sm:px-6 sm:pt-24 sm:pb-20 lg:px-8">
          <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center lg:gap-12">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
                <Sparkles aria-hidden="true" className="size-4 text-accent-400" />
                Most deals: pay once, use it for life.
              </p>
              <h1
                id="hero-title"
                className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl"
              >
                Lifetime deals on the AI tools that matter
              </h1>
              <p className="mt-5 max-w-2xl text-lg text-ink-300 sm:text-xl">
                Skip the monthly bills. Everdeal finds the AI software worth keeping and negotiates lifetime prices with
                the people who build it, so you own your tools instead of renting them.
              </p>
              <div className="mt-8 flex flex-col gap-3 min-[420px]:flex-row">
                <Link
                  to="/trending"
                  className={buttonClasses({ size: 'lg', className: 'bg-brand-500 hover:bg-brand-600' })}
                >
                  Browse deals
                  <ArrowRight aria-hidden="true" className="size-4.5" />
                </Link>
                <Link
                  to="/launch"
                  className={buttonClasses({
                    variant: 'outline',
                    size: 'lg',
                    className: 'border-white/25 bg-white/5 text-white hover:border-white/50 hover:bg-white/10',
                  })}
                >
                  <Rocket aria-hidden="true" className="size-4.5" />
                  Launch a product
                </Link>
              </div>
            </div>
            <HeroDealStack products={featured} />
          </div>
          <ul className="mt-10 grid grid-cols-2 gap-3 sm:mt-12 sm:gap-4 lg:mt-16 lg:grid-cols-4">
            {trustPoints.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-card bg-white/5 p-3.5 ring-1 ring-white/10 sm:p-4">
                <Icon aria-hidden="true" className="size-5 text-accent-400 sm:size-6" />
                <p className="mt-2 text-sm leading-snug font-semibold sm:mt-3 sm:text-base">{title}</p>
                <p className="mt-1 hidden text-sm text-ink-300 sm:block">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-14 sm:space-y-20 sm:px-6 sm:pt-20 lg:px-8">
        <TitledSection
          id="featured-deals"
          title="Featured deals"
          description="Hand-picked by our team this week."
          action={{ to: '/trending', label: 'See all deals' }}
        >
          <ProductGrid
            products={featured}
            empty={
              <EmptyState
                title="No featured deals right now"
                description="Our team is lining up the next picks. Meanwhile, see what shoppers are buying."
                action={
                  <Link to="/trending" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                    See trending deals
                  </Link>
                }
              />
            }
          />
        </TitledSection>

        <TitledSection
          id="ending-soon"
          title="Ending soon"
          description="Last chance: these deals close within 72 hours."
          action={{ to: '/trending?sort=ending-soon', label: 'See all ending soon' }}
        >
          {endingSoon.length > 0 ? (
            <EndingSoonList products={endingSoon} />
          ) : (
            <EmptyState
              title="Nothing is ending in the next 72 hours"
              description="Every live deal has at least three days left. Deals about to close show up here with a countdown."
            />
          )}
        </TitledSection>

        <TitledSection
          id="browse-categories"
          title="Browse categories"
          description="From writing assistants to sales agents: find the tool for the job."
        >
          {categories.length > 0 ? (
            <Suspense fallback={null}>
              <CategoryTiles categories={categories} />
            </Suspense>
          ) : (
            <EmptyState
              title="No categories yet"
              description="Categories appear here as soon as the first deals launch."
            />
          )}
        </TitledSection>

        <TitledSection
          id="trending-now"
          title="Trending now"
          description="What shoppers are buying and upvoting this week."
          action={{ to: '/trending', label: 'See the full ranking' }}
        >
          {trending.length > 0 ? (
            <TrendingList products={trending} />
          ) : (
            <EmptyState
              title="No trending deals yet"
              description="The ranking fills in as shoppers buy and upvote the first deals."
            />
          )}
        </TitledSection>

        <TitledSection
          id="new-deals"
          title="New deals"
          description="Just launched on Everdeal."
          action={{ to: '/trending', label: 'See all deals' }}
        >
          <ProductGrid
            products={newest}
            empty={
              <EmptyState
                title="No new deals yet"
                description="New launches show up here first. Are you building an AI product?"
                action={
                  <Link to="/launch" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                    Launch a product
                  </Link>
                }
              />
            }
          />
        </TitledSection>

        <section
          aria-labelledby="first-to-launch"
          className="relative overflow-hidden rounded-card bg-ink-900 px-6 py-10 text-white sm:px-10 sm:py-12"
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgb(116_67_251/0.5),transparent)]"
          />
          <div className="relative max-w-2xl">
            <BellRing aria-hidden="true" className="size-7 text-accent-400" />
            <h2 id="first-to-launch" className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
              Be first to every launch
            </h2>
            <p className="mt-3 text-ink-300">
              New AI deals launch every week, and the best lifetime plans sell out of codes fast. Check the newest
              launches, or bring your own AI product to thousands of shoppers looking for lifetime deals.
            </p>
            <div className="mt-6 flex flex-col gap-3 min-[420px]:flex-row">
              <Link
                to="/trending?sort=newest"
                className={buttonClasses({ size: 'lg', className: 'bg-brand-500 hover:bg-brand-600' })}
              >
                See the newest deals
                <ArrowRight aria-hidden="true" className="size-4.5" />
              </Link>
              <Link
                to="/launch"
                className={buttonClasses({
                  variant: 'outline',
                  size: 'lg',
                  className: 'border-white/25 bg-white/5 text-white hover:border-white/50 hover:bg-white/10',
                })}
              >
                <Rocket aria-hidden="true" className="size-4.5" />
                Launch your product
              </Link>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
