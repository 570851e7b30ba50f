import { pageTitle } from '@everdeal/contracts/constants';
import Clock from 'lucide-react/icons/clock';
import Handshake from 'lucide-react/icons/handshake';
import KeyRound from 'lucide-react/icons/key-round';
import Mail from 'lucide-react/icons/mail';
import Receipt from 'lucide-react/icons/receipt';
import Rocket from 'lucide-react/icons/rocket';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/contact';

const SUPPORT_EMAIL = 'support@everdeal.local';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Contact'),
    description: `Questions about an order, a license code, a refund or selling on Everdeal? Write to ${SUPPORT_EMAIL}; we answer within 1 business day.`,
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/contact',
  });

const topics = [
  {
    icon: KeyRound,
    title: 'Orders & license codes',
    text: 'A code that will not redeem, a missing confirmation e-mail or a plan you want to change. Include your order number.',
    subject: 'Order or license code',
  },
  {
    icon: Receipt,
    title: 'Refunds',
    text: 'Most refunds take one click on your order page. Write to us if the button asks for a ticket or the window has closed.',
    subject: 'Refund',
  },
  {
    icon: Rocket,
    title: 'Selling on Everdeal',
    text: 'Questions about launching your AI product, payouts or your seller account. Tell us about the product.',
    subject: 'Selling on Everdeal',
  },
  {
    icon: Handshake,
    title: 'Partnerships',
    text: 'Affiliates, creators, press and integration partners: tell us who you are and what you have in mind.',
    subject: 'Partnership',
  },
];

function mailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

export default function Contact() {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">Contact us</h1>
        <p className="mt-3 text-lg text-ink-500">
          Real people read every message. Tell us what you need and we will sort it out.
        </p>
      </header>

      <section
        aria-labelledby="reach-us"
        className="mt-10 grid gap-6 rounded-card bg-ink-900 p-6 text-white sm:p-8 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
      >
        <div>
          <h2 id="reach-us" className="text-xl font-bold">
            How to reach us
          </h2>
          <p className="mt-2 text-ink-300">
            E-mail{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-white underline underline-offset-2">
              {SUPPORT_EMAIL}
            </a>
            . Put your order number in the subject if your question is about a purchase.
          </p>
          <p className="mt-3 inline-flex items-center gap-2 text-sm text-brand-100">
            <Clock aria-hidden="true" className="size-4 text-accent-400" />
            We answer within 1 business day, Monday to Friday.
          </p>
        </div>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className={buttonClasses({ size: 'lg', className: 'bg-brand-500 hover:bg-brand-400' })}
        >
          <Mail aria-hidden="true" className="size-4.5" />
          Write to support
        </a>
      </section>

      <section aria-labelledby="topics" className="mt-14">
        <h2 id="topics" className="text-2xl font-bold tracking-tight text-ink-900">
          What we can help with
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {topics.map(({ icon: Icon, title, text, subject }) => (
            <li key={title} className="flex flex-col rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5">
              <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-ink-900">{title}</h3>
              <p className="mt-1 flex-1 text-sm text-ink-500">{text}</p>
              <a href={mailto(subject)} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
                E-mail us about {title.toLowerCase()}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="before-you-write" className="mt-14 rounded-card bg-brand-50 p-6 sm:p-8">
        <h2 id="before-you-write" className="text-lg font-semibold text-ink-900">
          Looking for a refund?
        </h2>
        <p className="mt-2 text-ink-700">
          Inside a deal&rsquo;s refund window you can refund it yourself from your order page, without writing to us.
          The{' '}
          <Link to="/refund-policy" className="font-semibold text-brand-700 underline underline-offset-2">
            refund policy
          </Link>{' '}
          explains the windows, what is refunded and what happens to your license codes.
        </p>
      </section>
    </div>
  );
}
