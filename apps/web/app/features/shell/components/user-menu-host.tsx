import type { User } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { Avatar } from '~/components/ui/avatar';
import { iconButtonClasses } from '~/components/ui/button';
import { lazyWithPreload } from '~/lib/lazy';

/**
 * Radix DropdownMenu brings the popper (floating-ui) with it: about a third of the old shell
 * bundle for a menu only signed-in phone users open. The header renders it only once the
 * session is restored (after hydration, never on the server), so it loads then, off the
 * first-load path.
 */
const UserMenu = lazyWithPreload(() => import('./user-menu').then((module) => module.UserMenu));

/**
 * The user menu, with a look-alike button while its chunk downloads. A press or a key on the
 * placeholder is remembered and the real menu opens as soon as it mounts, so a quick tap right
 * after signing in is not lost.
 */
export function UserMenuHost({ user, className }: { user: User; className?: string }) {
  const [request, setRequest] = useState({ open: false, focus: false });
  const openSoon = () => setRequest({ open: true, focus: true });
  const onKeyDown = (event: KeyboardEvent) => {
    if (['Enter', ' ', 'ArrowDown'].includes(event.key)) {
      event.preventDefault();
      openSoon();
    }
  };
  const placeholder = (
    <button
      type="button"
      aria-label="Your account"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerDown={openSoon}
      onKeyDown={onKeyDown}
      onFocus={() => setRequest((current) => ({ ...current, focus: true }))}
      onBlur={() => setRequest((current) => ({ ...current, focus: false }))}
      className={iconButtonClasses({ className })}
    >
      <Avatar name={displayName(user)} src={user.avatar} size={32} />
    </button>
  );
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} className={className} defaultOpen={request.open} autoFocus={request.focus} />
    </Suspense>
  );
}
