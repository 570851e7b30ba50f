import { BRAND_TAGLINE, MOBILE_BREAKPOINT_PX } from '@everdeal/contracts/constants';
import { clsx } from 'clsx';
import ChevronRight from 'lucide-react/icons/chevron-right';
import LogOut from 'lucide-react/icons/log-out';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { iconButtonClasses } from '~/components/ui/button';
import { CountBadge, formatBadgeCount } from '~/components/ui/count-badge';
import { openLoginModal, preloadLoginModal } from '~/shared/session/login-prompt';
import { useAreaLinks } from '~/shared/session/my-areas';
import { useAuth } from '~/shared/session/session-provider';
import { ACCOUNT_MENU_ITEMS, areaNavItem } from '../account-nav-items';
import { badgeName } from '../badge-name';
import { signOut } from '../hooks/use-sign-out';
import { CART_ITEM, LAUNCH_ITEM, MAIN_NAV, type NavItem, SIGN_IN_ITEM, WISHLIST_ITEM } from '../nav-items';
import { Logo } from './logo';
import type { MobileMenuProps } from './mobile-menu';

export interface MobileMenuDialogProps extends MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the hamburger button's aria-controls points at. */
  contentId: string;
  /** The hamburger button, which gets focus back on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The menu itself, loaded on first open (mobile-menu.tsx keeps the hamburger button in the
 * first-load bundle). Radix traps focus inside while open; on close focus goes back to the
 * hamburger button, as Dialog.Trigger did when the two lived in one bundle.
 */
export function MobileMenuDialog({
  open,
  onOpenChange: setOpen,
  contentId,
  triggerRef,
  wishlistCount,
  cartCount,
}: MobileMenuDialogProps) {
  // Growing past the breakpoint hides the hamburger, so the menu must not stay open behind it.
  useEffect(() => {
    if (!open) return;
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => desktop.matches && setOpen(false);
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open, setOpen]);

  const { isLoggedIn } = useAuth();
  const areaLinks = useAreaLinks();
  // The login modal opens once the menu has closed and let go of focus (two Radix focus traps
  // must not fight over the same moment).
  const opensLoginAfterClose = useRef(false);

  const close = () => setOpen(false);
  const signIn = () => {
    opensLoginAfterClose.current = true;
    setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px] md:hidden" />
        <Dialog.Content
          id={contentId}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!opensLoginAfterClose.current) {
              triggerRef.current?.focus();
              return;
            }
            opensLoginAfterClose.current = false;
            openLoginModal();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-pop focus:outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between border-ink-900/[0.07] border-b px-4">
            <Logo onClick={close} />
            <Dialog.Close aria-label="Close menu" className={iconButtonClasses({ className: '-mr-2' })}>
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>

          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {[...MAIN_NAV, LAUNCH_ITEM].map((item) => (
                <li key={item.to}>
                  <MenuLink item={item} onSelect={close} />
                </li>
              ))}
            </ul>
            <div className="mx-3 my-4 h-px bg-ink-900/[0.07]" />
            {isLoggedIn ? (
              <ul className="space-y-1">
                <li>
                  <MenuLink item={WISHLIST_ITEM} count={wishlistCount} onSelect={close} />
                </li>
                <li>
                  <MenuLink item={CART_ITEM} count={cartCount} onSelect={close} />
                </li>
                {ACCOUNT_MENU_ITEMS.map((item) => (
                  <li key={item.to}>
                    <MenuLink item={item} onSelect={close} />
                  </li>
                ))}
                {areaLinks.map((link) => (
                  <li key={link.to}>
                    <MenuLink item={areaNavItem(link)} onSelect={close} />
                  </li>
                ))}
                <li>
                  <MenuButton
                    item={{ label: 'Log out', icon: LogOut }}
                    onClick={() => {
                      close();
                      void signOut();
                    }}
                  />
                </li>
              </ul>
            ) : (
              // Requirements §2/§6: for a visitor these open the login modal.
              <ul className="space-y-1">
                <li>
                  <MenuButton item={WISHLIST_ITEM} onClick={signIn} onIntent={preloadLoginModal} />
                </li>
                <li>
                  <MenuButton item={CART_ITEM} onClick={signIn} onIntent={preloadLoginModal} />
                </li>
                <li>
                  <MenuButton item={SIGN_IN_ITEM} onClick={signIn} onIntent={preloadLoginModal} />
                </li>
              </ul>
            )}
          </nav>

          <div className="shrink-0 border-ink-900/[0.07] border-t bg-canvas px-5 py-4 text-ink-500 text-xs">
            {BRAND_TAGLINE}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const menuRowClass =
  'group flex min-h-12 w-full items-center gap-3.5 rounded-xl px-3 text-left font-medium text-[0.9375rem] transition-colors';
const menuIconClass = 'relative grid size-9 place-items-center rounded-lg bg-canvas text-ink-700';

function MenuButton({
  item,
  onClick,
  onIntent,
}: {
  item: Pick<NavItem, 'label' | 'icon'>;
  onClick: () => void;
  /** Hover or focus: time to preload what the click opens. */
  onIntent?: () => void;
}) {
  const Icon = item.icon;
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={clsx(menuRowClass, 'text-ink-900 hover:bg-canvas')}
    >
      <span className={menuIconClass}>
        <Icon aria-hidden="true" className="size-[1.125rem]" />
      </span>
      <span className="flex-1">{item.label}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-ink-300" />
    </button>
  );
}

function MenuLink({ item, count = 0, onSelect }: { item: NavItem; count?: number; onSelect: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onSelect}
      aria-label={count > 0 ? badgeName(item, count) : undefined}
      className={({ isActive }) =>
        clsx(
          'group flex min-h-12 items-center gap-3.5 rounded-xl px-3 font-medium text-[0.9375rem] transition-colors',
          isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-900 hover:bg-canvas',
        )
      }
    >
      <span className="relative grid size-9 place-items-center rounded-lg bg-canvas text-ink-700 group-aria-[current=page]:bg-white group-aria-[current=page]:text-brand-600">
        <Icon aria-hidden="true" className="size-[1.125rem]" />
        <CountBadge count={count} />
      </span>
      <span className="flex-1">
        {item.label}
        {count > 0 && item.countNoun ? (
          <span className="block font-normal text-ink-500 text-xs">
            {formatBadgeCount(count)} {item.countNoun}
          </span>
        ) : null}
      </span>
      <ChevronRight aria-hidden="true" className="size-4 text-ink-300" />
    </NavLink>
  );
}
