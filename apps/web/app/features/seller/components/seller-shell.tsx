import type { SellerSummary } from '@everdeal/contracts';
import { SELLER_API_KEYS_PATH } from '@everdeal/contracts/licensing-rules';
import { SELLER_ANALYTICS_PATH } from '@everdeal/contracts/seller-analytics-rules';
import {
  SELLER_AREA_PATH,
  SELLER_COUPONS_PATH,
  SELLER_PAYOUTS_PATH,
  SELLER_QUESTIONS_PATH,
  SELLER_REVIEWS_PATH,
  SELLER_SALES_PATH,
  withSeller,
} from '@everdeal/contracts/seller-rules';
import { SELLER_WEBHOOKS_PATH } from '@everdeal/contracts/webhook-rules';
import { clsx } from 'clsx';
import Rocket from 'lucide-react/icons/rocket';
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router';
import { AccountSkeleton } from '~/components/ui/account-skeleton';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { useMySellers } from '../api/seller-requests';

/** What every seller page gets: the seller being managed and the member's sellers. */
export type SellerContext = { seller: SellerSummary; sellers: SellerSummary[] };

const SECTIONS = [
  { to: SELLER_AREA_PATH, label: 'Products', end: true },
  { to: SELLER_QUESTIONS_PATH, label: 'Questions', end: false },
  { to: SELLER_REVIEWS_PATH, label: 'Reviews', end: false },
  { to: SELLER_SALES_PATH, label: 'Sales', end: false },
  { to: SELLER_PAYOUTS_PATH, label: 'Earnings and payouts', end: false },
  { to: SELLER_ANALYTICS_PATH, label: 'Analytics', end: false },
  // Decision 040.
  { to: SELLER_COUPONS_PATH, label: 'Coupons', end: false },
  // Decision 032: the keys of the licensing API.
  { to: SELLER_API_KEYS_PATH, label: 'API keys', end: false },
  { to: SELLER_WEBHOOKS_PATH, label: 'Webhooks', end: false },
] as const;

/**
 * The frame of `/seller/*` (requirements §13): for a member of an approved seller, the seller
 * being managed (a picker when they belong to several, kept in `?seller=`), the sections and the
 * page; for anyone else signed in, the way to apply. `isSignedIn` is false until the session is
 * known (the route sends visitors to the login).
 */
export function SellerShell({
  isSignedIn,
  children,
}: {
  isSignedIn: boolean;
  children: (context: SellerContext) => ReactNode;
}) {
  const sellers = useMySellers();
  const [params] = useSearchParams();
  const navigate = useNavigate();

  if (!isSignedIn || sellers.isPending)
    return (
      <Frame>
        <AccountSkeleton />
      </Frame>
    );
  if (sellers.isError) {
    return (
      <Frame>
        <FormAlert>
          We could not load your seller account.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void sellers.refetch()}>
            Try again
          </button>
        </FormAlert>
      </Frame>
    );
  }
  const list = sellers.data.sellers;
  if (list.length === 0) {
    return (
      <Frame>
        <EmptyState
          icon={Rocket}
          title="You are not a seller on Everdeal yet"
          description="The seller area opens once the team has approved your application. Tell us about your AI product and we will get back to you."
          action={
            <Link to="/launch" className={buttonClasses()}>
              Apply to sell on Everdeal
            </Link>
          }
        />
      </Frame>
    );
  }
  const wanted = Number(params.get('seller'));
  const seller = list.find((candidate) => candidate.id === wanted) ?? (list[0] as SellerSummary);
  const sellerParam = list.length > 1 ? seller.id : null;

  return (
    <Frame
      aside={
        list.length > 1 ? (
          <div>
            <label htmlFor="seller-picker" className="mr-2 font-medium text-ink-700 text-sm">
              Seller
            </label>
            <select
              id="seller-picker"
              value={seller.id}
              onChange={(event) => navigate(withSeller(SELLER_AREA_PATH, Number(event.target.value)))}
              className="h-10 rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
            >
              {list.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-ink-500 text-sm">{seller.name}</p>
        )
      }
    >
      <nav aria-label="Seller area" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={withSeller(section.to, sellerParam)}
                end={section.end}
                className={({ isActive }) =>
                  clsx(
                    'flex h-10 items-center whitespace-nowrap rounded-full px-4 font-medium text-sm transition-colors',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-900/5 hover:text-ink-900',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 min-w-0">{children({ seller, sellers: list })}</div>
    </Frame>
  );
}

function Frame({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Seller area</h1>
        {aside}
      </div>
      {children}
    </div>
  );
}
