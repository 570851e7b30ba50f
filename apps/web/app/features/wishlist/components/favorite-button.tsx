import { clsx } from 'clsx';
import Heart from 'lucide-react/icons/heart';
import type { Ref } from 'react';
import { useEarlyTap } from '~/lib/early-tap';
import type { ProductCardView } from '~/shared/catalog/product-card-view';
import { useFavoriteToggle } from '../api/toggle-favorite';

export interface FavoriteButtonProps {
  product: ProductCardView;
  /** "icon": a round heart (cards); "labelled": a heart with "Save"/"Saved" (product page). */
  variant?: 'icon' | 'labelled';
  className?: string;
}

/**
 * The wishlist heart (requirements §4): optimistic, and a visitor signs in first. The labelled variant
 * is named by its visible word plus the product ("Save X to wishlist", "Saved X to wishlist"),
 * so speech users can say what they see (WCAG 2.5.3 Label in Name).
 */
export function FavoriteButton(props: FavoriteButtonProps) {
  const { isFavorite, toggle, isPending } = useFavoriteToggle(props.product);
  const ref = useEarlyTap<HTMLButtonElement>();
  return <FavoriteButtonView {...props} isFavorite={isFavorite} isPending={isPending} onClick={toggle} ref={ref} />;
}

/**
 * The heart as every page is served and hydrated: the server renders signed out (the session
 * lives in the browser), so no favorite and nothing pending. The server renders this instead of
 * `FavoriteButton` and skips its queries and mutation on every card (docs/benchmarks.md, "Server
 * rendering without the page cache"); the markup is the same, so the browser hydrates it.
 */
export function FavoriteButtonAsServed(props: FavoriteButtonProps) {
  return <FavoriteButtonView {...props} isFavorite={false} isPending={false} />;
}

interface FavoriteButtonViewProps extends FavoriteButtonProps {
  isFavorite: boolean;
  isPending: boolean;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

function FavoriteButtonView({
  product,
  variant = 'icon',
  className,
  isFavorite,
  isPending,
  onClick,
  ref,
}: FavoriteButtonViewProps) {
  return (
    <button
      ref={ref}
      type="button"
      data-early-tap=""
      aria-pressed={isFavorite}
      aria-label={
        variant === 'labelled'
          ? undefined
          : isFavorite
            ? `Remove ${product.name} from wishlist`
            : `Add ${product.name} to wishlist`
      }
      aria-busy={isPending || undefined}
      onClick={onClick}
      className={clsx(
        'favorite-btn',
        variant === 'icon' ? 'size-11 md:size-10' : 'h-11 px-4 font-semibold text-sm',
        isFavorite ? 'favorite-btn-on' : 'favorite-btn-off',
        className,
      )}
    >
      <Heart aria-hidden="true" className={clsx('size-5', isFavorite && 'fill-current')} />
      {variant === 'labelled' ? (
        <>
          <span>{isFavorite ? 'Saved' : 'Save'}</span>
          <span className="sr-only">{product.name} to wishlist</span>
        </>
      ) : null}
    </button>
  );
}
