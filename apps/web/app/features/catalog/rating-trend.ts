/**
 * The deal-health "rating trend" value (requirements §12): the last 90 days' average minus the
 * all-time average. The server sends null when no review falls in the window; a trend that
 * rounds to zero is "no change", never "0.0 stars", which reads as a zero-star rating.
 */
export function ratingTrendText(trend: number | null): string {
  if (trend === null) return 'No ratings in the last 90 days';
  const rounded = Math.round(trend * 10) / 10;
  if (rounded === 0) return 'No change';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)} stars`;
}
