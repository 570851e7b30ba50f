import type { User } from '@everdeal/contracts';
import { NOTIFICATION_SETTINGS_PATH } from '@everdeal/contracts/notification-topics';
import { ORDERS_PATH, PAYMENT_METHODS_PATH, USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { displayName } from '@everdeal/contracts/user';
import { clsx } from 'clsx';
import BellRing from 'lucide-react/icons/bell-ring';
import CreditCard from 'lucide-react/icons/credit-card';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import Package from 'lucide-react/icons/package';
import UserRound from 'lucide-react/icons/user-round';
import UserRoundPen from 'lucide-react/icons/user-round-pen';
import Wallet from 'lucide-react/icons/wallet';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/components/ui/avatar';
import { iconButtonClasses } from '~/components/ui/button';
import { useAreaLinks } from '~/shared/session/my-areas';
import { areaNavItem } from '../account-nav-items';
import { signOut } from '../hooks/use-sign-out';

const itemClass = clsx(
  'flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-xl px-3 font-medium text-ink-900 text-sm outline-none',
  'data-[highlighted]:bg-canvas data-[highlighted]:text-brand-700',
);

export interface UserMenuProps {
  user: User;
  className?: string;
  /** Opens at once: the placeholder was pressed while this chunk was on its way. */
  defaultOpen?: boolean;
  /** Takes focus on mount: the placeholder had it. */
  autoFocus?: boolean;
}

/**
 * Requirements §2: the signed-in user's menu below 768 px: orders, payment methods, personal
 * info, support, the seller and admin areas the user may open (decision 023) and Log out.
 */
export function UserMenu({ user, className, defaultOpen = false, autoFocus = false }: UserMenuProps) {
  const name = displayName(user);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Asked when this menu's chunk mounts (hover, focus or a press on the account button).
  const areaLinks = useAreaLinks();
  // Replacing the placeholder must not drop the keyboard user's focus (user-menu-host.tsx).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when first mounted
  useEffect(() => {
    if (autoFocus && !defaultOpen) triggerRef.current?.focus();
  }, []);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label="Your account" className={iconButtonClasses({ className })}>
        <Avatar name={name} src={user.avatar} size={32} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-64 rounded-2xl border border-ink-900/[0.08] bg-white p-1.5 shadow-pop"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={name} src={user.avatar} size={40} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink-900 text-sm">{name}</span>
              <span className="block truncate text-ink-500 text-xs">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-ink-900/[0.07]" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={ORDERS_PATH}>
              <Package aria-hidden="true" className="size-4 text-ink-500" />
              Orders
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={USER_CREDIT_PATH}>
              <Wallet aria-hidden="true" className="size-4 text-ink-500" />
              Store credit
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={PAYMENT_METHODS_PATH}>
              <CreditCard aria-hidden="true" className="size-4 text-ink-500" />
              Payment methods
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/user/personal-info">
              <UserRoundPen aria-hidden="true" className="size-4 text-ink-500" />
              Personal info
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={NOTIFICATION_SETTINGS_PATH}>
              <BellRing aria-hidden="true" className="size-4 text-ink-500" />
              Notifications
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/user">
              <UserRound aria-hidden="true" className="size-4 text-ink-500" />
              Your account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/support">
              <LifeBuoy aria-hidden="true" className="size-4 text-ink-500" />
              Support
            </Link>
          </DropdownMenu.Item>
          {areaLinks.length > 0 ? <DropdownMenu.Separator className="mx-2 my-1 h-px bg-ink-900/[0.07]" /> : null}
          {areaLinks.map((link) => {
            const { icon: Icon } = areaNavItem(link);
            return (
              <DropdownMenu.Item key={link.to} asChild className={itemClass}>
                <Link to={link.to}>
                  <Icon aria-hidden="true" className="size-4 text-ink-500" />
                  {link.label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-ink-900/[0.07]" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4 text-ink-500" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
