import Menu from 'lucide-react/icons/menu';
import { Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { iconButtonClasses } from '~/components/ui/button';
import { lazyWithPreload } from '~/lib/lazy';

export interface MobileMenuProps {
  wishlistCount: number;
  cartCount: number;
}

/** Radix Dialog and the menu's contents load on first open, or earlier on hover or focus. */
const MobileMenuDialog = lazyWithPreload(() =>
  import('./mobile-menu-dialog').then((module) => module.MobileMenuDialog),
);

const preloadMenu = () => void MobileMenuDialog.preload();

/**
 * Requirements §2: the hamburger menu below 768 px. It closes on route change and on Escape; Radix
 * traps focus inside while open and returns it to the hamburger button afterwards.
 *
 * The button is rendered here with the attributes Radix's Dialog.Trigger gives it; the dialog
 * (mobile-menu-dialog.tsx) is a lazy chunk. `aria-controls` is set only while the dialog exists,
 * so the button never names an element that is not in the page.
 */
export function MobileMenu({ wishlistCount, cartCount }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const contentId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [lastLocationKey, setLastLocationKey] = useState(location.key);

  // Route change closes the menu (adjusting state during render, no effect round-trip).
  if (lastLocationKey !== location.key) {
    setLastLocationKey(location.key);
    if (open) setOpen(false);
  }
  if (open && !hasOpened) setHasOpened(true);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        className={iconButtonClasses({ className: '-ml-2 md:hidden' })}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuDialog
            open={open}
            onOpenChange={setOpen}
            contentId={contentId}
            triggerRef={triggerRef}
            wishlistCount={wishlistCount}
            cartCount={cartCount}
          />
        </Suspense>
      ) : null}
    </>
  );
}
