import { formatBadgeCount } from '~/components/ui/count-badge';
import type { NavItem } from './nav-items';

/**
 * "Cart, 3 items" or "Wishlist: 2 saved and upvoted": an icon link's name says what its badge
 * shows, so the number on screen is part of the name (WCAG 2.5.3, label in name: someone using
 * speech input says it) and the visible word comes first. The wishlist's badge counts favorites
 * plus upvotes (requirements §2), so "2 items" beside one saved deal would read false.
 */
export function badgeName(item: Pick<NavItem, 'label' | 'countNoun'>, count: number): string {
  if (!(count > 0)) return item.label;
  const shown = formatBadgeCount(count);
  if (item.countNoun) return `${item.label}: ${shown} ${item.countNoun}`;
  return `${item.label}, ${shown} ${count === 1 ? 'item' : 'items'}`;
}
