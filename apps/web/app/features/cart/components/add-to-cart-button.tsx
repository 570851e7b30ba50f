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
export function AddToCartButton({ product, plan, size = 'md', label, className }: AddToCartButtonProps) {
  const { addToCart, isAdding } = useAddToCart();
  const isBusy = isAdding(product.id, plan.variantId);
  return (
    <Button
      size={size}
      aria-label={label}
      aria-busy={isBusy || undefined}
      onClick={() =>
        !isBusy &&
        addToCart({
          productId: product.id,
          variantId: plan.variantId,
          popup: { name: product.name, image: product.logoUrl, plan: plan.name },
        })
      }
      className={className}
    >
      {isBusy ? <Spinner size="sm" /> : <ShoppingCart aria-hidden="true" className="size-4.5" />}
      Add to cart
    </Button>
  );
}
