/**
 * The refund deadline as the order item page counts it down (requirements §11): whole days while
 * more than one is left, then hours, then minutes; `null` once it has passed.
 */
export function refundTimeLeft(refundableUntil: string, now: Date): string | null {
  const ms = new Date(refundableUntil).getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 1) return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h left`;
  if (hours >= 1) return `${hours} h ${minutes % 60} min left`;
  return `${Math.max(minutes, 1)} min left`;
}
