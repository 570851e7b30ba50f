import type { AdminAuditEntry } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { countOf } from '~/lib/format-count';

// How the audit log reads a row's changed fields (decisions 015 and 019): "price: $59.00 → $5.00",
// not "priceCents: 5900 → 500", so an admin reading a seller's edit of a live deal sees at once
// what a buyer would have seen.

const FIELD_LABELS: Record<string, string> = {
  priceCents: 'price',
  originalPriceCents: 'original price',
  refundWindowDays: 'refund window',
  billingInterval: 'billing interval',
  logoUrl: 'logo',
  redemptionUrl: 'redemption URL',
  endsAt: 'deal ends',
  isPublished: 'published',
  isFeatured: 'featured',
  dealStatus: 'deal status',
  reviewStatus: 'review status',
  reviewNote: 'review note',
  categoryId: 'category',
  aiModels: 'AI models',
  aiCreditsPerMonth: 'AI credits per month',
  aiBringYourOwnKey: 'bring your own key',
  alternativeTo: 'alternative to',
  // An admin's grant or correction of store credit (decision 030).
  balanceCents: 'store credit balance',
};

export const auditFieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** A field's value as the log shows it: money as money, days as days, lists joined, the rest as JSON. */
export function auditValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Cents') && typeof value === 'number' && Number.isInteger(value)) return formatMoney(value);
  if (key === 'refundWindowDays' && typeof value === 'number')
    return value === 0 ? 'no refunds' : countOf(value, 'day');
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ') || '(none)';
  return JSON.stringify(value);
}

/** The fields an action changed, each labelled, with its value before and after. */
export function changedFields(entry: Pick<AdminAuditEntry, 'before' | 'after'>) {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys]
    .map((key) => ({ key, before: entry.before?.[key], after: entry.after?.[key] }))
    .filter((field) => JSON.stringify(field.before) !== JSON.stringify(field.after))
    .map((field) => ({
      key: field.key,
      label: auditFieldLabel(field.key),
      before: entry.before === null ? null : auditValue(field.key, field.before),
      after: entry.after === null ? null : auditValue(field.key, field.after),
    }));
}
