import { ORDERS_PATH, PAYMENT_METHODS_PATH } from '@everdeal/contracts/order-paths';
import CreditCard from 'lucide-react/icons/credit-card';
import Package from 'lucide-react/icons/package';
import type { NavItem } from './nav-items';

// Requirements §2 "Mobile user menu". Apart from nav-items.ts, which the header imports: these
// icons load with the menu (a lazy chunk), not with every page.
export const ORDERS_ITEM: NavItem = { label: 'Orders', to: ORDERS_PATH, icon: Package };
export const PAYMENT_METHODS_ITEM: NavItem = { label: 'Payment methods', to: PAYMENT_METHODS_PATH, icon: CreditCard };
