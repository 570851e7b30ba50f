import type { Plan } from '@everdeal/contracts';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import type { MouseEvent, Ref } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useEarlyTap } from '~/lib/early-tap';
import { useAddToCart } from '../api/change-cart-line';

export interface AddToCartButtonProps {
  product: { id: number; name: string; logoUrl: string };
  plan: Pick<Plan, 'variantId' | 'name' | 'price' | 'currency' | 'billingInterval'>;
  size?: ButtonSize;
  /** Primary by default; the product page makes it secondary for a product the shopper owns. */
  variant?: Extract<ButtonVariant, 'primary' | 'outline'>;
  /** The visible text, "Add to cart" by default; the product page names the plan ("Add Tier 2 to cart"). */
  text?: string;
  /** Accessible name when the visible text is not enough (cards: names the product). */
  label?: string;
  className?: string;
}

/**
 * Adds one code of a plan (requirements §4) and opens the cart popup; a visitor signs in first. While
 * it works the button stays enabled (so keyboard focus stays on it) and ignores repeat presses.
 * A tap before the page could act is replayed once it can (lib/early-tap.ts).
 */
export function AddToCartButton(props: AddToCartButtonProps) {
  const { product, plan } = props;
  const { addToCart, isAdding } = useAddToCart();
  const ref = useEarlyTap<HTMLButtonElement>();
  const isBusy = isAdding(product.id, plan.variantId);
  return (
    <AddToCartButtonView
      {...props}
      ref={ref}
      isBusy={isBusy}
      onClick={(event) =>
        !isBusy &&
        addToCart({
          productId: product.id,
          variantId: plan.variantId,
          popup: {
            name: product.name,
            image: product.logoUrl,
            plan: plan.name,
            price: formatPlanPrice(plan.price, plan.currency, plan.billingInterval),
          },
          // A keyboard press (no pointer, so no click count) takes focus into the popup; focus comes back here.
          opener: { element: event.currentTarget, isKeyboard: event.detail === 0 },
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
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}

function AddToCartButtonView({
  size = 'md',
  variant = 'primary',
  text = 'Add to cart',
  label,
  className,
  isBusy,
  onClick,
  ref,
}: AddToCartButtonViewProps) {
  return (
    <Button
      ref={ref}
      data-early-tap=""
      size={size}
      variant={variant}
      aria-label={label}
      aria-busy={isBusy || undefined}
      onClick={onClick}
      className={className}
    >
      {isBusy ? <Spinner size="sm" /> : <ShoppingCart aria-hidden="true" className="size-4.5" />}
      {text}
    </Button>
  );
}
