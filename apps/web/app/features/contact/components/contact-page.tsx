import { SUPPORT_PATH } from '@everdeal/contracts/paths';
import Clock from 'lucide-react/icons/clock';
import Handshake from 'lucide-react/icons/handshake';
import KeyRound from 'lucide-react/icons/key-round';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Receipt from 'lucide-react/icons/receipt';
import Rocket from 'lucide-react/icons/rocket';
import { Link } from 'react-router';
import { ContactForm } from './contact-form';

export const SUPPORT_EMAIL = 'support@everdeal.local';

const topics = [
  {
    icon: KeyRound,
    title: 'Orders & license codes',
    text: 'A code that will not redeem, a missing confirmation e-mail or a plan you want to change. Include your order number.',
    subject: 'Order or license code',
    about: 'orders and license codes',
  },
  {
    icon: Receipt,
    title: 'Refunds',
    text: 'Most refunds take one click on your order page. Write to us if the button asks for a ticket or the window has closed.',
    subject: 'Refund',
    about: 'refunds',
  },
  {
    icon: Rocket,
    title: 'Selling on Everdeal',
    text: 'Questions about launching your AI product, payouts or your seller account. Tell us about the product.',
    subject: 'Selling on Everdeal',
    about: 'selling on Everdeal',
  },
  {
    icon: Handshake,
    title: 'Partnerships',
    text: 'Affiliates, creators, press and integration partners: tell us who you are and what you have in mind.',
    subject: 'Partnership',
    about: 'partnerships',
  },
];

/** The topic link: the same page with the subject filled in and the form in view. */
const topicHref = (subject: string) => `/contact?subject=${encodeURIComponent(subject)}#contact-form`;

export function ContactPage({ requestedSubject }: { requestedSubject: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">Contact us</h1>
        <p className="mt-3 text-ink-500 text-lg">
          Real people read every message. Tell us what you need and we will sort it out.
        </p>
      </header>

      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section
          id="contact-form"
          aria-label="Contact form"
          className="scroll-mt-24 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8"
        >
          <ContactForm requestedSubject={requestedSubject} />
        </section>

        <aside aria-label="Other ways to reach us" className="space-y-6">
          <section aria-labelledby="reach-us" className="rounded-card bg-ink-900 p-6 text-white">
            <h2 id="reach-us" className="font-bold text-lg">
              Prefer e-mail?
            </h2>
            <p className="mt-2 text-ink-300 text-sm leading-relaxed">
              Write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-white underline underline-offset-2">
                {SUPPORT_EMAIL}
              </a>
              . Put your order number in the subject if your question is about a purchase.
            </p>
            <p className="mt-4 inline-flex items-center gap-2 text-brand-100 text-sm">
              <Clock aria-hidden="true" className="size-4 text-accent-400" />
              We answer within 1 business day, Monday to Friday.
            </p>
          </section>
          <section aria-labelledby="have-account" className="rounded-card bg-brand-50 p-6">
            <h2 id="have-account" className="flex items-center gap-2 font-semibold text-ink-900">
              <LifeBuoy aria-hidden="true" className="size-5 text-brand-600" />
              Bought something here?
            </h2>
            <p className="mt-2 text-ink-700 text-sm leading-relaxed">
              The{' '}
              <Link to={SUPPORT_PATH} className="font-semibold text-brand-700 underline underline-offset-2">
                support page
              </Link>{' '}
              answers the common questions about refunds, codes and plans, and keeps your tickets and our replies in one
              place. Inside a deal&rsquo;s refund window you can refund it yourself from your order page; the{' '}
              <Link to="/refund-policy" className="font-semibold text-brand-700 underline underline-offset-2">
                refund policy
              </Link>{' '}
              explains how.
            </p>
          </section>
        </aside>
      </div>

      <section aria-labelledby="topics" className="mt-14">
        <h2 id="topics" className="font-bold text-2xl text-ink-900 tracking-tight">
          What we can help with
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {topics.map(({ icon: Icon, title, text, subject, about }) => (
            <li key={title} className="flex flex-col rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5">
              <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-ink-900">{title}</h3>
              <p className="mt-1 flex-1 text-ink-500 text-sm">{text}</p>
              <Link
                to={topicHref(subject)}
                preventScrollReset
                className="mt-4 font-semibold text-brand-700 text-sm hover:underline"
              >
                Write to us about {about}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
