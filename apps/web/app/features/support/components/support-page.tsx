import LifeBuoy from 'lucide-react/icons/life-buoy';
import Mail from 'lucide-react/icons/mail';
import { Link } from 'react-router';
import { FaqSection } from './faq-section';
import { TicketsPanel } from './tickets-panel';

/** Requirements §2 "/support": the FAQ with search, and the signed-in user's tickets. */
export function SupportPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-2xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700 text-xs uppercase tracking-wider">
          <LifeBuoy aria-hidden="true" className="size-3.5" />
          Support
        </p>
        <h1 className="mt-4 font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">How can we help?</h1>
        <p className="mt-3 text-ink-500 text-lg">
          Answers about refunds, license codes, plan changes and your account. Still stuck? Open a ticket and a person
          from our team replies, usually within one business day.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <FaqSection />
        <aside aria-label="Get in touch" className="space-y-6 lg:sticky lg:top-24">
          <TicketsPanel />
          <div className="rounded-card bg-brand-50 p-6">
            <p className="flex items-center gap-2 font-semibold text-ink-900">
              <Mail aria-hidden="true" className="size-5 text-brand-600" />
              No account?
            </p>
            <p className="mt-2 text-ink-700 text-sm leading-relaxed">
              Questions before you buy, about selling or partnerships go through the{' '}
              <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
                contact form
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
