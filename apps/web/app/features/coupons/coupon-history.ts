import type { CouponHistoryEntry } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';

// How a coupon's history reads (decision 040): "Deactivated by ada@example.com", then each
// changed field as "Ends: Dec 1, 2026 at 10:00 AM → none".

const ACTION_TEXT: Record<CouponHistoryEntry['action'], string> = {
  'coupon.create': 'Created',
  'coupon.update': 'Changed',
  'coupon.deactivate': 'Deactivated',
  'coupon.reactivate': 'Reactivated',
};

const FIELD_LABELS: Record<string, string> = {
  code: 'Code',
  percentOff: 'Percent off',
  amountOffCents: 'Amount off',
  productIds: 'Products',
  maxUses: 'Most uses in all',
  maxUsesPerUser: 'Most uses per shopper',
  startsAt: 'Starts',
  endsAt: 'Ends',
  isActive: 'Active',
};

/** "Deactivated by ada@example.com". */
export function historyTitle(entry: Pick<CouponHistoryEntry, 'action' | 'actor'>): string {
  return `${ACTION_TEXT[entry.action]} by ${entry.actor}`;
}

function fieldValue(key: string, value: unknown, formatTime: (iso: string) => string): string {
  if (value === null || value === undefined) {
    if (key === 'productIds') return 'whole store';
    if (key === 'endsAt') return 'never';
    if (key === 'startsAt') return 'at once';
    return 'no limit';
  }
  if (key === 'amountOffCents' && typeof value === 'number') return formatMoney(value);
  if (key === 'percentOff' && typeof value === 'number') return `${value}%`;
  if ((key === 'startsAt' || key === 'endsAt') && typeof value === 'string') return formatTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((id) => `#${String(id)}`).join(', ');
  return String(value);
}

/**
 * The entry's fields as lines: "Ends: never → Dec 1, 2026 at 10:00 AM" for a change, "Ends: never"
 * for a creation (nothing before it). `formatTime` is the page's, so times read as elsewhere.
 */
export function historyFields(
  entry: Pick<CouponHistoryEntry, 'before' | 'after'>,
  formatTime: (iso: string) => string,
): string[] {
  // In the form's order, whatever order the log stored them in.
  const order = Object.keys(FIELD_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return keys.map((key) => {
    const label = FIELD_LABELS[key] ?? key;
    const after = fieldValue(key, entry.after?.[key], formatTime);
    if (entry.before === null) return `${label}: ${after}`;
    return `${label}: ${fieldValue(key, entry.before[key], formatTime)} → ${after}`;
  });
}
