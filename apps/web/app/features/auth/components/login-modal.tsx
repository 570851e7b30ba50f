import { clsx } from 'clsx';
import X from 'lucide-react/icons/x';
import { Dialog, Tabs } from 'radix-ui';
import { LogoMark } from '~/components/ui/logo-mark';
import { returnFocusToOpener } from '~/lib/focus-return';
import { closeLoginModal, type LoginTab, setLoginTab, useLoginPrompt } from '~/shared/session/login-prompt';
import { AuthMessage } from '../auth-error';
import { RegisterForm } from './register-form';
import { SellingPointsList } from './selling-points';
import { SignInForm } from './sign-in-form';

const TITLES: Record<LoginTab, string> = { login: 'Log in to Everdeal', register: 'Create your account' };

const tabClass = clsx(
  'h-10 flex-1 rounded-full font-semibold text-ink-500 text-sm transition-colors',
  'hover:text-ink-900 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm',
);

const switchClass = 'font-semibold text-brand-700 hover:underline';

/**
 * Requirements §2 "Login modal": sign-in and create-account tabs, the Forgot Password dialog, Google,
 * and the selling points on desktop. It always opens on the login tab (the state lives in
 * lib/login-prompt), and Radix locks the page scroll while it is open. Mounted once, in
 * AppProviders; anything opens it with `openLoginModal()` or `requireLogin(action)`.
 */
export function LoginModal() {
  const { isOpen, tab } = useLoginPrompt();

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && closeLoginModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusToOpener}
          className={clsx(
            'fixed inset-0 z-50 overflow-y-auto bg-white focus:outline-none',
            'md:inset-auto md:top-1/2 md:left-1/2 md:grid md:max-h-[calc(100dvh-2rem)] md:w-[min(920px,calc(100vw-2rem))]',
            'md:-translate-x-1/2 md:-translate-y-1/2 md:grid-cols-[300px_minmax(0,1fr)] md:overflow-hidden md:rounded-3xl md:shadow-pop',
          )}
        >
          <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 p-8 text-white md:flex md:flex-col">
            <div aria-hidden="true" className="absolute -top-20 -right-20 size-60 rounded-full bg-white/10 blur-2xl" />
            <div className="relative flex items-center gap-2 font-bold text-lg tracking-tight">
              <LogoMark className="size-7" />
              Everdeal
            </div>
            <p className="relative mt-6 font-semibold text-xl leading-snug">Why shoppers buy their AI tools here</p>
            <SellingPointsList compact className="relative mt-6" />
          </aside>

          <div className="flex min-h-full flex-col px-5 pt-6 pb-8 sm:px-10 md:max-h-[calc(100dvh-2rem)] md:overflow-y-auto md:py-9">
            <Dialog.Title className="pr-12 font-bold text-2xl text-ink-900 tracking-tight">{TITLES[tab]}</Dialog.Title>
            <p className="mt-1.5 text-ink-500 text-sm">
              {tab === 'login'
                ? 'Welcome back. Log in to see your deals, wishlist and cart.'
                : 'One account for your deals, license codes and wishlist.'}
            </p>
            {/* The panels leave the tab order (Radix makes them tab stops): they hold the form, so
                Tab from the tabs goes straight to the e-mail field, never to an outline-less box
                (requirements §2, login modal). */}
            <Tabs.Root
              value={tab}
              onValueChange={(value) => setLoginTab(value === 'register' ? 'register' : 'login')}
              className="mt-6"
            >
              <Tabs.List aria-label="Log in or create an account" className="flex rounded-full bg-canvas p-1">
                <Tabs.Trigger value="login" className={tabClass}>
                  Log in
                </Tabs.Trigger>
                <Tabs.Trigger value="register" className={tabClass}>
                  Create account
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" tabIndex={-1} className="mt-6 focus:outline-none">
                <SignInForm
                  footer={
                    <>
                      New to Everdeal?{' '}
                      <button type="button" className={switchClass} onClick={() => setLoginTab('register')}>
                        Create an account
                      </button>
                    </>
                  }
                />
              </Tabs.Content>
              <Tabs.Content value="register" tabIndex={-1} className="mt-6 focus:outline-none">
                <RegisterForm
                  successMessage={AuthMessage.registerSuccessModal}
                  footer={
                    <>
                      Already have an account?{' '}
                      <button type="button" className={switchClass} onClick={() => setLoginTab('login')}>
                        Log in instead
                      </button>
                    </>
                  }
                />
              </Tabs.Content>
            </Tabs.Root>
          </div>

          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 grid size-10 place-items-center rounded-full text-ink-500 transition-colors hover:bg-ink-900/5 hover:text-ink-900"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
