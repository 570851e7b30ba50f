import type { Coupon } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';

// Pure rules of the coupon forms (decision 040), shared by the admin's and the sellers' pages.

export type CouponFormValues = {
  code: string;
  kind: 'percent' | 'amount';
  /** A whole percentage, or dollars with up to two decimals. */
  value: string;
  productIds: number[];
  maxUses: string;
  maxUsesPerUser: string;
  /** `datetime-local` values, in the browser's time zone; empty for none. */
  startsAt: string;
  endsAt: string;
};

export type CouponInput = {
  code: string;
  percentOff?: number;
  amountOffCents?: number;
  productIds?: number[];
  maxUses?: number;
  maxUsesPerUser?: number;
  startsAt?: string;
  endsAt?: string;
};

const whole = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));
const moment = (local: string): string | undefined => (local === '' ? undefined : new Date(local).toISOString());

/** Dollars as typed ("12.5", "12.50", "12") to cents; NaN for anything else (the server says why). */
export function dollarsToCents(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The call's payload: the server checks every rule and answers the first one broken. */
export function couponInput(values: CouponFormValues): CouponInput {
  return {
    code: values.code.trim(),
    ...(values.kind === 'percent'
      ? { percentOff: Number(values.value.trim()) }
      : { amountOffCents: dollarsToCents(values.value) }),
    ...(values.productIds.length > 0 ? { productIds: values.productIds } : {}),
    ...(whole(values.maxUses) !== undefined ? { maxUses: whole(values.maxUses) } : {}),
    ...(whole(values.maxUsesPerUser) !== undefined ? { maxUsesPerUser: whole(values.maxUsesPerUser) } : {}),
    ...(moment(values.startsAt) ? { startsAt: moment(values.startsAt) } : {}),
    ...(moment(values.endsAt) ? { endsAt: moment(values.endsAt) } : {}),
  };
}

/** "20% off" or "$5.00 off". */
export function discountText(coupon: Pick<Coupon, 'percentOff' | 'amountOffCents'>): string {
  return coupon.percentOff !== null ? `${coupon.percentOff}% off` : `${formatMoney(coupon.amountOffCents ?? 0)} off`;
}

/** "3 of 10 uses", "3 uses". */
export function usesText(coupon: Pick<Coupon, 'uses' | 'maxUses'>): string {
  const noun = (n: number) => (n === 1 ? 'use' : 'uses');
  return coupon.maxUses === null
    ? `${coupon.uses} ${noun(coupon.uses)}`
    : `${coupon.uses} of ${coupon.maxUses} ${noun(coupon.maxUses)}`;
}

/** What the edit dialog holds: the changeable fields as typed (decision 040). */
export type CouponEditValues = Pick<CouponFormValues, 'maxUses' | 'maxUsesPerUser' | 'startsAt' | 'endsAt'>;

/** An ISO time as a `datetime-local` value in the browser's time zone; empty for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** The edit dialog's starting values: the coupon as it is. */
export function editValues(
  coupon: Pick<Coupon, 'maxUses' | 'maxUsesPerUser' | 'startsAt' | 'endsAt'>,
): CouponEditValues {
  return {
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    maxUsesPerUser: coupon.maxUsesPerUser === null ? '' : String(coupon.maxUsesPerUser),
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
  };
}

export type CouponChanges = {
  maxUses?: number | null;
  maxUsesPerUser?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
};

/**
 * The fields the editor changed, as the call takes them: an emptied field is null
 * (no limit, no start, no end). Untouched fields are left out, so a time's seconds survive.
 */
export function couponChanges(initial: CouponEditValues, values: CouponEditValues): CouponChanges {
  const changes: CouponChanges = {};
  const limit = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  const time = (local: string) => (local === '' ? null : new Date(local).toISOString());
  if (values.maxUses.trim() !== initial.maxUses) changes.maxUses = limit(values.maxUses);
  if (values.maxUsesPerUser.trim() !== initial.maxUsesPerUser) changes.maxUsesPerUser = limit(values.maxUsesPerUser);
  if (values.startsAt !== initial.startsAt) changes.startsAt = time(values.startsAt);
  if (values.endsAt !== initial.endsAt) changes.endsAt = time(values.endsAt);
  return changes;
}
