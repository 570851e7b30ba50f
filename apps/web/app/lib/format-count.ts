/**
 * `n.toLocaleString('en-US')` builds a new number formatter on every call, which is slow enough
 * to show on a page of product cards (each has upvote and review counts): one shared formatter.
 * en-US on the server and in every browser, so the hydrated text matches the server's.
 */
const countFormat = new Intl.NumberFormat('en-US');

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** A count with its noun: (1, 'code') → "1 code", (1200, 'code') → "1,200 codes". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
