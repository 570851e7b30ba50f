import { displayName } from '@everdeal/contracts/user';
import { clsx } from 'clsx';
import Search from 'lucide-react/icons/search';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Avatar } from '~/components/ui/avatar';
import { buttonClasses, iconButtonClasses } from '~/components/ui/button';
import { CountBadge } from '~/components/ui/count-badge';
import { rememberOpener } from '~/lib/focus-return';
import { lazyWithPreload } from '~/lib/lazy';
import { openLoginModal, preloadLoginModal } from '~/shared/session/login-prompt';
import { useAuth } from '~/shared/session/session-provider';
import { badgeName } from '../badge-name';
import { CART_ITEM, LAUNCH_ITEM, MAIN_NAV, type NavItem, SIGN_IN_ITEM, WISHLIST_ITEM } from '../nav-items';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { UserMenuHost } from './user-menu-host';

/** Fixed so the page never shifts under it; layouts use it for scroll offsets. */
export const HEADER_HEIGHT_CLASS = 'h-16';

export interface SiteHeaderProps {
  /** Favorites plus upvotes (requirements §2); 0 for a visitor. */
  wishlistCount?: number;
  /** Total items in the cart (requirements §2); 0 for a visitor. */
  cartCount?: number;
}

/** The overlay (Radix Dialog, results, keyboard model) loads on first open or on intent. */
const SearchOverlay = lazyWithPreload(() => import('./search-overlay').then((module) => module.SearchOverlay));
const preloadSearch = () => void SearchOverlay.preload();

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Requirements §2 "Header": sticky, white and blurred with a hairline border. Desktop (768 px and up):
 * logo, main navigation, search, wishlist, cart, user and "Launch a product". Mobile: hamburger,
 * logo, search and cart.
 */
export function SiteHeader({ wishlistCount = 0, cartCount = 0 }: SiteHeaderProps) {
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const [hasOpenedSearch, setHasOpenedSearch] = useState(false);
  if (isSearchOpen && !hasOpenedSearch) setHasOpenedSearch(true);
  const { isLoggedIn, user } = useAuth();

  // "/" opens search from anywhere except while typing in a field.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      rememberOpener();
      setIsSearchOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <header
      className={clsx(
        'sticky top-0 z-40 border-ink-900/[0.08] border-b bg-white/80 backdrop-blur-xl backdrop-saturate-150',
        HEADER_HEIGHT_CLASS,
      )}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center gap-1 px-4 sm:px-6 md:px-4 lg:px-8">
        <MobileMenu wishlistCount={wishlistCount} cartCount={cartCount} />
        <Logo className="ml-1 md:ml-0" />

        <nav aria-label="Main" className="ml-4 hidden md:block lg:ml-10">
          <ul className="flex items-center gap-0.5">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    clsx(
                      'relative inline-flex h-10 items-center whitespace-nowrap rounded-full px-2.5 font-medium text-sm transition-colors lg:px-3.5',
                      isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-900/5 hover:text-ink-900',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-0.5 lg:gap-1">
          <button
            type="button"
            aria-label="Search deals"
            aria-keyshortcuts="/"
            aria-haspopup="dialog"
            aria-expanded={isSearchOpen}
            onClick={() => {
              rememberOpener();
              setIsSearchOpen(true);
            }}
            onPointerEnter={preloadSearch}
            onFocus={preloadSearch}
            className={clsx(
              iconButtonClasses(),
              'lg:mr-2 lg:inline-flex lg:h-10 lg:w-56 lg:justify-start lg:gap-2.5 lg:border lg:border-ink-900/10 lg:bg-canvas lg:px-3.5',
              'lg:text-ink-500 lg:hover:border-ink-900/20 lg:hover:bg-white',
            )}
          >
            <Search aria-hidden="true" className="size-5 lg:size-4" />
            <span aria-hidden="true" className="hidden flex-1 text-left text-sm lg:inline">
              Search deals…
            </span>
            <kbd className="hidden h-5 min-w-5 place-items-center rounded-md border border-ink-900/10 bg-white px-1 font-sans font-semibold text-[11px] text-ink-500 lg:inline-grid">
              /
            </kbd>
          </button>

          {isLoggedIn && user ? (
            <>
              <HeaderIconLink item={WISHLIST_ITEM} count={wishlistCount} className="max-md:hidden" />
              <HeaderIconLink item={CART_ITEM} count={cartCount} />
              <NavLink
                to="/user"
                aria-label="Your account"
                className={iconButtonClasses({ className: 'max-md:hidden' })}
              >
                <Avatar name={displayName(user)} src={user.avatar} size={32} />
              </NavLink>
              <UserMenuHost user={user} className="md:hidden" />
            </>
          ) : (
            <>
              {/* Requirements §2/§6: a visitor's wishlist, cart and user icons open the login modal. */}
              <HeaderIconButton item={WISHLIST_ITEM} className="max-md:hidden" />
              <HeaderIconButton item={CART_ITEM} />
              <HeaderIconButton item={SIGN_IN_ITEM} className="max-md:hidden" />
            </>
          )}

          <Link
            to={LAUNCH_ITEM.to}
            className={buttonClasses({ variant: 'primary', size: 'sm', className: 'ml-2 max-md:hidden' })}
          >
            {LAUNCH_ITEM.label}
          </Link>
        </div>
      </div>

      {hasOpenedSearch ? (
        <Suspense fallback={null}>
          <SearchOverlay open={isSearchOpen} onOpenChange={setIsSearchOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}

function HeaderIconLink({ item, count = 0, className }: { item: NavItem; count?: number; className?: string }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      aria-label={badgeName(item, count)}
      title={count > 0 ? badgeName(item, count) : undefined}
      className={iconButtonClasses({ className })}
    >
      <span className="relative grid place-items-center">
        <Icon aria-hidden="true" className="size-[1.375rem] md:size-5" />
        <CountBadge count={count} className="-top-2 -right-2.5" />
      </span>
    </NavLink>
  );
}

function HeaderIconButton({ item, className }: { item: NavItem; className?: string }) {
  const Icon = item.icon;
  return (
    <button
      type="button"
      aria-label={item.label}
      aria-haspopup="dialog"
      onClick={() => openLoginModal()}
      onPointerEnter={preloadLoginModal}
      onFocus={preloadLoginModal}
      className={iconButtonClasses({ className })}
    >
      <Icon aria-hidden="true" className="size-[1.375rem] md:size-5" />
    </button>
  );
}
