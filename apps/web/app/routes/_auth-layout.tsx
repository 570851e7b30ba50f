import { BRAND_TAGLINE } from '@everdeal/contracts';
import { BadgeCheck, type LucideIcon, ShieldCheck, Sparkles, Tag } from 'lucide-react';
import { Outlet } from 'react-router';
import { Logo } from '~/features/shell/logo';
import { SkipLink } from '~/features/shell/skip-link';

// Spec §1: the selling points of the sign-in screens, verbatim.
const SELLING_POINTS: readonly { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Best Price on AI Products', text: 'Pay once for tools that usually bill you every month.', icon: Tag },
  {
    title: 'Risk-Free Guarantee',
    text: 'Changed your mind? Ask for a refund within the deal’s window.',
    icon: ShieldCheck,
  },
  { title: 'Curated', text: 'Every product is reviewed by our team before it goes live.', icon: Sparkles },
  { title: 'Trusted Tools', text: 'Real reviews and answers from buyers who use them daily.', icon: BadgeCheck },
];

/**
 * Spec §2 "auth layout" (/auth/login, /auth/register, /auth/reset-password): a brand panel with
 * the selling points on desktop, the form column beside it.
 */
export default function AuthLayout() {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 p-12 text-white lg:flex lg:flex-col">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-20 size-96 rounded-full bg-accent-400/20 blur-3xl"
        />
        <Logo tone="light" className="relative" />
        <div className="relative my-auto max-w-md py-12">
          <h2 className="font-bold text-3xl tracking-tight xl:text-4xl">{BRAND_TAGLINE}</h2>
          <p className="mt-3 text-brand-100">Join thousands of makers who stopped renting their software.</p>
          <ul className="mt-10 space-y-6">
            {SELLING_POINTS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="mt-0.5 block text-brand-100 text-sm">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-brand-200 text-xs">© 2026 Everdeal</p>
      </aside>
      <div className="flex flex-col">
        <header className="flex h-16 items-center px-4 sm:px-8 lg:hidden">
          <Logo />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 items-center justify-center px-4 py-10 focus:outline-none sm:px-8"
        >
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
