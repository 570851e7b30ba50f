import { NOTIFICATION_SETTINGS_PATH } from '@everdeal/contracts/notification-topics';
import { ORDERS_PATH, PAYMENT_METHODS_PATH, USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { SUPPORT_PATH } from '@everdeal/contracts/paths';
import BellRing from 'lucide-react/icons/bell-ring';
import CreditCard from 'lucide-react/icons/credit-card';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Package from 'lucide-react/icons/package';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Store from 'lucide-react/icons/store';
import UserRoundPen from 'lucide-react/icons/user-round-pen';
import Wallet from 'lucide-react/icons/wallet';
import type { AreaLink } from '~/shared/session/my-areas';
import { ACCOUNT_ITEM, type NavItem } from './nav-items';

// Requirements §2 "Mobile user menu". Apart from nav-items.ts, which the header imports: these
// icons load with the menu (a lazy chunk), not with every page.
export const ORDERS_ITEM: NavItem = { label: 'Orders', to: ORDERS_PATH, icon: Package };
export const PAYMENT_METHODS_ITEM: NavItem = { label: 'Payment methods', to: PAYMENT_METHODS_PATH, icon: CreditCard };
/** Store credit (decision 030). */
export const CREDIT_ITEM: NavItem = { label: 'Store credit', to: USER_CREDIT_PATH, icon: Wallet };
export const PERSONAL_INFO_ITEM: NavItem = { label: 'Personal info', to: '/user/personal-info', icon: UserRoundPen };
export const SUPPORT_ITEM: NavItem = { label: 'Support', to: SUPPORT_PATH, icon: LifeBuoy };
/** Decision 029: which notification mails the person gets. */
export const NOTIFICATIONS_ITEM: NavItem = { label: 'Notifications', to: NOTIFICATION_SETTINGS_PATH, icon: BellRing };

/**
 * The signed-in person's own pages, in the order both account menus list them (the header's
 * dropdown and the mobile menu, requirements §2), before the areas they may open.
 */
export const ACCOUNT_MENU_ITEMS: readonly NavItem[] = [
  ORDERS_ITEM,
  CREDIT_ITEM,
  PAYMENT_METHODS_ITEM,
  PERSONAL_INFO_ITEM,
  NOTIFICATIONS_ITEM,
  ACCOUNT_ITEM,
  SUPPORT_ITEM,
];

/** The seller and admin areas, for the users the server lets in (decision 023). */
const AREA_ICONS = { seller: Store, admin: ShieldCheck } as const;
export const areaNavItem = (link: AreaLink): NavItem => ({
  label: link.label,
  to: link.to,
  icon: AREA_ICONS[link.area],
});
