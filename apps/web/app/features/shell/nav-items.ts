import type { LucideIcon } from 'lucide-react';
import Heart from 'lucide-react/icons/heart';
import House from 'lucide-react/icons/house';
import Mail from 'lucide-react/icons/mail';
import Rocket from 'lucide-react/icons/rocket';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import TrendingUp from 'lucide-react/icons/trending-up';
import UserRound from 'lucide-react/icons/user-round';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  /** What the item's badge counts, after its number ("saved and upvoted"); default "item(s)". */
  countNoun?: string;
};

/** The main navigation (requirements §2 "Header"). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', to: '/', icon: House, end: true },
  { label: 'Top Trending', to: '/trending', icon: TrendingUp },
  { label: 'Contact', to: '/contact', icon: Mail },
];

export const LAUNCH_ITEM: NavItem = { label: 'Launch a product', to: '/launch', icon: Rocket };
/** Its badge counts favorites plus upvotes (requirements §2), so its name says both. */
export const WISHLIST_ITEM: NavItem = {
  label: 'Wishlist',
  to: '/wishlist',
  icon: Heart,
  countNoun: 'saved and upvoted',
};
export const CART_ITEM: NavItem = { label: 'Cart', to: '/cart', icon: ShoppingCart };
export const SIGN_IN_ITEM: NavItem = { label: 'Log in', to: '/auth/login', icon: UserRound };
export const ACCOUNT_ITEM: NavItem = { label: 'Your account', to: '/user', icon: UserRound };
