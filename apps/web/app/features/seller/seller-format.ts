import type { ProductStage } from '@everdeal/contracts/seller-rules';
import { countOf } from '~/lib/format-count';

// Small pure helpers of the seller area's pages (decision 014).

/** How each stage of a product's way to the store looks: a label and a badge colour. */
export const STAGE_BADGE: Record<ProductStage, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-ink-900/5 text-ink-700' },
  submitted: { label: 'In review', className: 'bg-amber-50 text-amber-800' },
  rejected: { label: 'Changes requested', className: 'bg-red-50 text-red-700' },
  live: { label: 'Live', className: 'bg-emerald-50 text-emerald-700' },
  unpublished: { label: 'Approved, not published', className: 'bg-brand-50 text-brand-700' },
};

/** A list field typed as "a, b, c": trimmed, empty entries dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** One feature per line, as the plan form takes them. */
export function splitLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** "1.2 MB" for an upload's progress line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "May 2026" for a statement month `2026-05`. */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * A short fingerprint of a text (FNV-1a, 32 bits): the product form remounts when the fields it
 * shows changed on the server, not on every other change (a code upload, a new picture), so what
 * a seller is typing is never thrown away by an unrelated answer.
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The inbox's summary line: "1 question waiting for your answer, oldest first." */
export function waitingQuestionsText(total: number): string {
  return `${countOf(total, 'question')} waiting for your answer, oldest first.`;
}

/** A plan's stock on the dashboard: "Solo: 1 code left". */
export function planStockText(plan: { name: string; codesAvailable: number }): string {
  return `${plan.name}: ${countOf(plan.codesAvailable, 'code')} left`;
}
