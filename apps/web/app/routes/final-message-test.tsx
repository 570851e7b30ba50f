import { pageTitle } from '@everdeal/contracts/constants';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Check from 'lucide-react/icons/check';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

// Requirements §2: demo and test pages of the spec stay out of search results.
export const meta = () => [{ title: pageTitle('Message sent') }, { name: 'robots', content: 'noindex' }];

/** Requirements §2 test screen: the confirmation shown once a form has been sent. */
export default function FinalMessageTest() {
  return (
    <section aria-labelledby="final-message-title" className="flex flex-col items-center py-2 text-center">
      <span className="relative grid size-20 place-items-center">
        <span aria-hidden="true" className="absolute inset-0 rounded-full bg-emerald-100" />
        <span
          aria-hidden="true"
          className="absolute inset-2 rounded-full bg-emerald-500 shadow-emerald-600/30 shadow-lg"
        />
        <Check aria-hidden="true" className="relative size-9 text-white" strokeWidth={3} />
      </span>
      <h1 id="final-message-title" className="mt-7 font-bold text-2xl text-ink-900 tracking-tight sm:text-3xl">
        Thanks, your message is on its way
      </h1>
      <p className="mt-3 max-w-sm text-ink-500 leading-relaxed">
        We have received it and will get back to you by e-mail within one business day. Meanwhile, there are fresh deals
        waiting for you.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Back to homepage
        </Link>
        <Link to="/trending" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          Browse deals
          <ArrowRight aria-hidden="true" className="size-[1.125rem]" />
        </Link>
      </div>
    </section>
  );
}
