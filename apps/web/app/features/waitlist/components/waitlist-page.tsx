import BellRing from 'lucide-react/icons/bell-ring';
import MailX from 'lucide-react/icons/mail-x';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import type { InterestOption } from './interest-chips';
import { WaitlistForm } from './waitlist-form';

/** Requirements §2: the page's purpose, verbatim, as its heading. */
export const WAITLIST_HEADING = 'Join the waitlist for upcoming deals';

const promises = [
  {
    icon: BellRing,
    title: 'Hear the moment a deal goes live',
    text: 'One short mail per new deal, while its license codes are still there to buy.',
  },
  {
    icon: SlidersHorizontal,
    title: 'Only the categories you pick',
    text: 'Writing, video, coding or all of them. Join again with the same address to change them.',
  },
  {
    icon: MailX,
    title: 'Leave with one click',
    text: 'Every mail carries its own unsubscribe link. No account needed, no questions asked.',
  },
];

export function WaitlistPage({ categories }: { categories: InterestOption[] }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start lg:gap-16">
        <div>
          <p className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700 text-xs uppercase tracking-wider">
            Waitlist
          </p>
          <h1 className="mt-4 text-balance font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">
            {WAITLIST_HEADING}
          </h1>
          <p className="mt-4 max-w-xl text-ink-500 text-lg">
            New AI deals launch every week, and the best lifetime plans sell out of codes fast. Leave your e-mail
            address and we will tell you when the next ones open.
          </p>
          <ul className="mt-10 space-y-6">
            {promises.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-ink-900">{title}</p>
                  <p className="mt-1 text-ink-500 text-sm">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <section
          aria-label="Join the waitlist"
          className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8"
        >
          <WaitlistForm categories={categories} />
        </section>
      </div>
    </div>
  );
}
