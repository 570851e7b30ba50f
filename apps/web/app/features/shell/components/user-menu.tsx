import type { User } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import { clsx } from 'clsx';
import LogOut from 'lucide-react/icons/log-out';
import { DropdownMenu } from 'radix-ui';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/components/ui/avatar';
import { iconButtonClasses } from '~/components/ui/button';
import { useAreaLinks } from '~/shared/session/my-areas';
import { ACCOUNT_MENU_ITEMS, areaNavItem } from '../account-nav-items';
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
          {[...ACCOUNT_MENU_ITEMS, ...areaLinks.map(areaNavItem)].map(({ label, to, icon: Icon }, index) => (
            <Fragment key={to}>
              {index === ACCOUNT_MENU_ITEMS.length ? (
                // The seller and admin areas the user may open (decision 023), apart from their own pages.
                <DropdownMenu.Separator className="mx-2 my-1 h-px bg-ink-900/[0.07]" />
              ) : null}
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={to}>
                  <Icon aria-hidden="true" className="size-4 text-ink-500" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            </Fragment>
          ))}
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
