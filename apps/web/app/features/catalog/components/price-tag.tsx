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
  /**
   * The price without a running store-wide sale (decision 042), integer cents: when higher than
   * the price, it is the one struck through, and the badge says the sale's saving.
   */
  regularPrice?: number;
  currency: string;
  /** A subscription's period: both prices read "$9/month" (requirements §10); null or absent for a price paid once. */
  interval?: PlanInterval | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const priceSize = { sm: 'text-lg', md: 'text-2xl', lg: 'text-4xl' } as const;
const originalSize = { sm: 'text-sm', md: 'text-base', lg: 'text-lg' } as const;

/** Deal price, struck-through original price (the price before the sale during one) and the discount badge. */
export function PriceTag({
  price,
  originalPrice,
  regularPrice,
  currency,
  interval = null,
  size = 'sm',
  className,
}: PriceTagProps) {
  const isOnSale = regularPrice !== undefined && regularPrice > price;
  const struck = isOnSale ? regularPrice : originalPrice;
  const hasSaving = struck > price;
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
          <span className="sr-only">{isOnSale ? 'Price before the sale ' : 'Original price '}</span>
          {formatMoney(struck, currency)}
          {period}
        </s>
      ) : null}
      <DiscountBadge price={price} originalPrice={struck} className="self-center" />
    </div>
  );
}
