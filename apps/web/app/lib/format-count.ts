import { groupDigits } from '@everdeal/contracts/money';

/**
 * "12,345": en-US grouping, the same on the server and in every browser, so the hydrated text
 * matches the server's. Whole counts are grouped by hand: a page's first `Intl` formatter loads
 * the browser's locale data in one long task (docs/benchmarks.md); anything else goes to `Intl`.
 */
let countFormat: Intl.NumberFormat | undefined;

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return groupDigits(n);
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(n);
}

/** A count with its noun: (1, 'code') → "1 code", (1200, 'code') → "1,200 codes". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
