import { DEFAULT_REFUND_WINDOW_DAYS } from '@everdeal/contracts/constants';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import ChevronDown from 'lucide-react/icons/chevron-down';
import KeyRound from 'lucide-react/icons/key-round';
import Megaphone from 'lucide-react/icons/megaphone';
import SearchCheck from 'lucide-react/icons/search-check';
import Send from 'lucide-react/icons/send';
import Users from 'lucide-react/icons/users';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { ApplySection } from './apply-section';

const reasons = [
  {
    icon: Users,
    title: 'Buyers who want AI tools',
    text: 'Everdeal shoppers come looking for AI software to buy, not to browse. Your launch is in front of them from day one.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Cash up front',
    text: 'A lifetime deal turns early believers into revenue now, to fund the roadmap without giving up equity.',
  },
  {
    icon: Megaphone,
    title: 'Feedback that shapes the product',
    text: 'Verified-buyer reviews, questions and a community thread give you the feedback of hundreds of real users.',
  },
];

const steps = [
  {
    icon: Send,
    title: 'Apply',
    text: 'Tell us about your product, who it is for, which AI models it uses and the plans you want to offer.',
  },
  {
    icon: SearchCheck,
    title: 'We review',
    text: 'We test the product ourselves and reply within 5 business days, with suggestions for pricing and tiers.',
  },
  {
    icon: KeyRound,
    title: 'Launch with license codes',
    text: 'Upload a CSV of license codes for each plan. Buyers get a code at checkout and redeem it on your site.',
  },
  {
    icon: BadgeDollarSign,
    title: 'Get paid',
    text: `You receive 70% of each sale, paid monthly once the sale's refund window (${DEFAULT_REFUND_WINDOW_DAYS} days by default) has closed.`,
  },
];

const faqs = [
  {
    q: 'How much does it cost to launch?',
    a: 'Nothing up front. Everdeal keeps 30% of each sale to cover payments, refunds, support and marketing; you keep 70%.',
  },
  {
    q: 'When and how am I paid?',
    a: `Monthly, by bank transfer, for every sale whose refund window has closed. With the default ${DEFAULT_REFUND_WINDOW_DAYS}-day window, a sale made in March is paid out at the start of June.`,
  },
  {
    q: 'Can I choose the refund window?',
    a: `Yes: ${DEFAULT_REFUND_WINDOW_DAYS} days is the default, 30 days suits products with high running costs, and final-sale deals are possible. Shorter windows usually sell fewer codes, so we will advise you.`,
  },
  {
    q: 'What does “lifetime” commit me to?',
    a: 'Access to the plan for as long as you run the product, with the limits you define per tier (seats, projects, AI credits per month). You can ask buyers to bring their own API key to keep model costs in check.',
  },
  {
    q: 'Do I have to disclose which AI models I use?',
    a: 'Yes. Every product page shows the models behind the product, the monthly credits and whether buyers can bring their own key. Shoppers trust deals that are open about it.',
  },
  {
    q: 'Can I offer subscriptions instead of a lifetime plan?',
    a: 'Yes. Plans can be lifetime or monthly or yearly subscriptions, and one deal can mix both.',
  },
];

/**
 * The seller landing page (requirements §13 "/launch"): why sell here, how it works, what it
 * costs, and the application form (or where the visitor's application stands).
 */
export function LaunchPage() {
  return (
    <div className="pb-20">
      <section aria-labelledby="launch-title" className="relative overflow-hidden bg-ink-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_28rem_at_100%_0%,rgb(116_67_251/0.55),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">For AI founders</p>
          <h1
            id="launch-title"
            className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl"
          >
            Launch your AI product to buyers ready to pay
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-300">
            Sell lifetime deals and subscriptions to people who buy AI software every week. You keep 70% of every sale;
            we handle checkout, license codes, refunds and support.
          </p>
          <div className="mt-8 flex flex-col gap-3 min-[420px]:flex-row">
            <a href="#apply" className={buttonClasses({ size: 'lg', className: 'bg-brand-500 hover:bg-brand-600' })}>
              <Send aria-hidden="true" className="size-4.5" />
              Apply to launch
            </a>
            <a
              href="#how-it-works"
              className={buttonClasses({
                variant: 'outline',
                size: 'lg',
                className: 'border-white/25 bg-white/5 text-white hover:border-white/50 hover:bg-white/10',
              })}
            >
              How it works
            </a>
          </div>
          <dl className="mt-12 grid max-w-2xl grid-cols-3 gap-4">
            {[
              ['70%', 'of each sale to you'],
              ['Monthly', 'payouts'],
              ['5 days', 'to review your application'],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-sm text-ink-300">{label}</dt>
                <dd className="text-xl font-bold sm:text-3xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-20 px-4 pt-16 sm:px-6 lg:px-8">
        <section aria-labelledby="why-sell">
          <h2 id="why-sell" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            Why sell on Everdeal
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {reasons.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5">
                <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-ink-900">{title}</h3>
                <p className="mt-1 text-sm text-ink-500">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-24">
          <h2 id="how-it-works-title" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5">
                <span className="flex items-center gap-3">
                  <span className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <Icon aria-hidden="true" className="size-5 text-brand-600" />
                </span>
                <h3 className="mt-4 font-semibold text-ink-900">{title}</h3>
                <p className="mt-1 text-sm text-ink-500">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="faq" className="mx-auto max-w-3xl">
          <h2 id="faq" className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-ink-900/10 rounded-card bg-surface shadow-card ring-1 ring-ink-900/5">
            {faqs.map(({ q, a }) => (
              <details key={q} className="group px-6 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-semibold text-ink-900">
                  {q}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-ink-500 transition group-open:rotate-180"
                  />
                </summary>
                <p className="pb-5 text-ink-700">{a}</p>
              </details>
            ))}
          </div>
        </section>

        <ApplySection />

        <p className="text-center text-ink-500 text-sm">
          Buying instead?{' '}
          <Link to="/trending" className="font-semibold text-brand-700 underline underline-offset-2">
            Browse the deals
          </Link>
        </p>
      </div>
    </div>
  );
}
