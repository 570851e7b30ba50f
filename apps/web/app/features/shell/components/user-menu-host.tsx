import type { User } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import { type KeyboardEvent, Suspense, useState } from 'react';
import { Avatar } from '~/components/ui/avatar';
import { iconButtonClasses } from '~/components/ui/button';
import { lazyWithPreload } from '~/lib/lazy';

/**
 * Radix DropdownMenu brings the popper (floating-ui) with it: about 34 KB gzip with its parts, for
 * a menu a signed-in user opens now and then. It loads when the pointer or focus comes to the
 * account button, not with every signed-in page, where it competed with the page's own data and
 * pictures (docs/benchmarks.md, the signed-in cart).
 */
const UserMenu = lazyWithPreload(() => import('./user-menu').then((module) => module.UserMenu));

/**
 * The account button, which becomes the real menu once someone goes for it: hover or focus loads
 * the menu's chunk (a look-alike button stands in meanwhile), and a press or a key before it
 * arrives is remembered, so the menu opens as soon as it mounts.
 */
export function UserMenuHost({ user, className }: { user: User; className?: string }) {
  const [isWanted, setIsWanted] = useState(false);
  const [request, setRequest] = useState({ open: false, focus: false });
  const want = () => {
    setIsWanted(true);
    void UserMenu.preload();
  };
  const openSoon = () => {
    want();
    setRequest({ open: true, focus: true });
  };
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
      onPointerEnter={want}
      onPointerDown={openSoon}
      onKeyDown={onKeyDown}
      onFocus={() => {
        want();
        setRequest((current) => ({ ...current, focus: true }));
      }}
      onBlur={() => setRequest((current) => ({ ...current, focus: false }))}
      className={iconButtonClasses({ className })}
    >
      <Avatar name={displayName(user)} src={user.avatar} size={32} />
    </button>
  );
  if (!isWanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} className={className} defaultOpen={request.open} autoFocus={request.focus} />
    </Suspense>
  );
}
