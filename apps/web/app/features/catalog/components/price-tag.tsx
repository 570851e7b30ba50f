import { discountPercent, formatMoney } from '@everdeal/contracts/money';
import { type PlanInterval, periodSuffix } from '@everdeal/contracts/plans';
import { clsx } from 'clsx';

export interface DiscountBadgeProps {
  price: number;
  originalPrice: number;
  className?: string;
}

/** "-80%" against the original price; nothing when there is no saving. */
export function DiscountBadge({ price, originalPrice, className }: DiscountBadgeProps) {
  const percent = discountPercent(price, originalPrice);
  if (percent <= 0) return null;
  return (
    <span className={clsx('discount-badge', className)}>
      <span className="sr-only">Save </span>-{percent}%
    </span>
  );
}

export interface PriceTagProps {
  /** Integer cents. */
  price: number;
  /** Integer cents; struck through when higher than the price. */
  originalPrice: number;
  currency: string;
  /** A subscription's period: both prices read "$9/month" (requirements §10); null or absent for a price paid once. */
  interval?: PlanInterval | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const priceSize = { sm: 'text-lg', md: 'text-2xl', lg: 'text-4xl' } as const;
const originalSize = { sm: 'text-sm', md: 'text-base', lg: 'text-lg' } as const;

/** Deal price, struck-through original price and the discount badge. */
export function PriceTag({ price, originalPrice, currency, interval = null, size = 'sm', className }: PriceTagProps) {
  const hasSaving = originalPrice > price;
  const period = periodSuffix(interval);
  return (
    <div className={clsx('price-tag', className)}>
      <span className={clsx('price-tag-price', priceSize[size])}>
        <span className="sr-only">Price </span>
        {formatMoney(price, currency)}
        {period ? <span className="font-medium text-[0.6em] text-ink-500">{period}</span> : null}
      </span>
      {hasSaving ? (
        <s className={clsx('text-ink-500 tabular-nums', originalSize[size])}>
          <span className="sr-only">Original price </span>
          {formatMoney(originalPrice, currency)}
          {period}
        </s>
      ) : null}
      <DiscountBadge price={price} originalPrice={originalPrice} className="self-center" />
    </div>
  );
}
