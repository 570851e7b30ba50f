import type { OwnedItem, PlanDetail } from '@everdeal/contracts';
import { orderItemPath } from '@everdeal/contracts/order-paths';
import BadgeCheck from 'lucide-react/icons/badge-check';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useProductActions } from '../product-actions';

/** "Tier 1", "Tier 1 and Tier 2", "Tier 1, Tier 2 and Tier 3": each plan once. */
function planNames(items: OwnedItem[]): string {
  const names = [...new Set(items.map((item) => item.planName))];
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Whether a higher tier than the owned plan exists: then the item's page is where to upgrade. */
function canUpgrade(item: OwnedItem, plans: PlanDetail[]): boolean {
  const index = plans.findIndex((plan) => plan.variantId === item.variantId);
  return index >= 0 && index < plans.length - 1;
}

export interface OwnedPlanActionProps {
  /** Null asks nothing (a preview). */
  productId: number | null;
  plans: PlanDetail[];
  /** The box's own "Add {plan} to cart", primary for a newcomer and secondary for an owner. */
  addToCart: (variant: 'primary' | 'outline') => ReactNode;
  /** The phone's quick-buy bar: the one link, no words around it. */
  isCompact?: boolean;
}

/**
 * The buy box's first action (requirements §10 "You own this"). A shopper who holds an active item
 * of the product sees which plan they own and a link to that item's page, where plan changes and
 * upgrades happen (requirements §11), before "Add to cart", which stays for buying another code.
 * The page is the same for everyone (decision 004), so this is decided in the browser once the
 * session is known; in its own component, so the answer re-renders only this part of the box.
 */
export function OwnedPlanAction({ productId, plans, addToCart, isCompact = false }: OwnedPlanActionProps) {
  const { useOwnedItems } = useProductActions();
  const owned = useOwnedItems(productId);
  const latest = owned[0];
  if (!latest) return addToCart('primary');
  const link = (
    <Link
      to={orderItemPath(latest.orderId, latest.itemId)}
      className={buttonClasses({ size: isCompact ? 'md' : 'lg', className: isCompact ? undefined : 'mt-3 w-full' })}
    >
      {canUpgrade(latest, plans)
        ? isCompact
          ? 'Upgrade'
          : `Upgrade from ${latest.planName}`
        : isCompact
          ? 'Your codes'
          : `View your ${latest.planName} codes`}
    </Link>
  );
  if (isCompact) return link;
  return (
    <>
      <div className="rounded-xl bg-emerald-50 p-3.5 ring-1 ring-emerald-200">
        <p className="flex items-start gap-2 font-semibold text-emerald-900">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <span>You own {planNames(owned)}</span>
        </p>
        {link}
      </div>
      <div className="mt-3">{addToCart('outline')}</div>
    </>
  );
}
