import { pageTitle } from '@everdeal/contracts/constants';
import ArrowBigUp from 'lucide-react/icons/arrow-big-up';
import Heart from 'lucide-react/icons/heart';
import { Link } from 'react-router';
import { CatalogueActions } from '~/catalogue-actions';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ProductGridSkeleton } from '~/components/ui/product-skeletons';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { ProductGrid } from '~/features/catalog/components/product-grid';
import { useUpvotes } from '~/features/upvotes/api/get-upvotes';
import { useFavorites } from '~/features/wishlist/api/get-favorites';
import { uniqueProducts } from '~/shared/catalog/product-card-view';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/wishlist';

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Wishlist') },
  { name: 'robots', content: 'noindex' },
];

const browseLink = (
  <Link to="/" className={buttonClasses({ size: 'sm' })}>
    Browse deals
  </Link>
);

/** Requirements §2 "/wishlist": the signed-in user's favorites, then the products they upvoted. */
export default function WishlistPage() {
  const user = useRequireLogin();
  const favorites = useFavorites();
  const upvotes = useUpvotes();

  return (
    <CatalogueActions>
      <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
        <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Wishlist</h1>

        <section aria-labelledby="saved-title" className="mt-8">
          <h2 id="saved-title" className="font-bold text-2xl text-ink-900 tracking-tight">
            Saved deals
          </h2>
          <div className="mt-5">
            {user && favorites.data ? (
              <ProductGrid
                products={uniqueProducts(favorites.data.favorites)}
                empty={
                  <EmptyState
                    icon={Heart}
                    title="No saved deals yet"
                    description="Tap the heart on any deal to keep it here."
                    action={browseLink}
                  />
                }
              />
            ) : (
              <ProductGridSkeleton count={3} />
            )}
          </div>
        </section>

        <section aria-labelledby="upvoted-title" className="mt-14">
          <h2 id="upvoted-title" className="font-bold text-2xl text-ink-900 tracking-tight">
            Upvoted
          </h2>
          <div className="mt-5">
            {user && upvotes.data ? (
              <ProductGrid
                products={uniqueProducts(upvotes.data.upvotes)}
                empty={
                  <EmptyState
                    icon={ArrowBigUp}
                    title="No upvotes yet"
                    description="Upvote the deals you like to help them trend, and find them here."
                  />
                }
              />
            ) : (
              <ProductGridSkeleton count={3} />
            )}
          </div>
        </section>
      </div>
    </CatalogueActions>
  );
}
