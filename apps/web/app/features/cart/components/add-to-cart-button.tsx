import type { Plan } from '@everdeal/contracts';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Button, type ButtonSize } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useAddToCart } from '../api/change-cart-line';

export interface AddToCartButtonProps {
  product: { id: number; name: string; logoUrl: string };
  plan: Pick<Plan, 'variantId' | 'name'>;
  size?: ButtonSize;
  /** Accessible name when the visible "Add to cart" is not enough (cards: names the product). */
  label?: string;
  className?: string;
}

/**
 * Adds one code of a plan (requirements §4) and opens the cart popup; a visitor signs in first. While
 * it works the button stays enabled (so keyboard focus stays on it) and ignores repeat presses.
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { product, plan } = props;
  const { addToCart, isAdding } = useAddToCart();
  const isBusy = isAdding(product.id, plan.variantId);
  return (
    <AddToCartButtonView
      {...props}
      isBusy={isBusy}
      onClick={() =>
        !isBusy &&
        addToCart({
          productId: product.id,
          variantId: plan.variantId,
          popup: { name: product.name, image: product.logoUrl, plan: plan.name },
        })
      }
    />
  );
}

/**
 * The button as every page is served and hydrated (nothing is being added yet). The server
 * renders this instead of `AddToCartButton` and skips its mutation on every card
 * (docs/benchmarks.md, "Server rendering without the page cache"); the markup is the same, so
 * the browser hydrates it.
 */
export function AddToCartButtonAsServed(props: AddToCartButtonProps) {
  return <AddToCartButtonView {...props} isBusy={false} />;
}

interface AddToCartButtonViewProps extends AddToCartButtonProps {
  isBusy: boolean;
  onClick?: () => void;
}

function AddToCartButtonView({ size = 'md', label, className, isBusy, onClick }: AddToCartButtonViewProps) {
  return (
    <Button size={size} aria-label={label} aria-busy={isBusy || undefined} onClick={onClick} className={className}>
      {isBusy ? <Spinner size="sm" /> : <ShoppingCart aria-hidden="true" className="size-4.5" />}
      Add to cart
    </Button>
  );
}
