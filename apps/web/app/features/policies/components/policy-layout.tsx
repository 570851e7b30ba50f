import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Date every policy took effect; change it together with the text. */
export const POLICY_EFFECTIVE_DATE = '2026-11-21';
export const POLICY_EFFECTIVE_DATE_LABEL = '21 November 2026';

export interface PolicySection {
  /** Fragment id, also used in the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface PolicyLayoutProps {
  title: string;
  /** One or two sentences under the title: what this policy covers, in plain words. */
  summary: ReactNode;
  sections: PolicySection[];
  /** Path of this page, to leave it out of the related policies. */
  currentPath: string;
}

const policies = [
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/refund-policy', label: 'Refund policy' },
  { to: '/privacy-policy', label: 'Privacy policy' },
];

/** Typography for policy text: paragraphs, lists, definition-like emphasis and links. */
const policyProse = clsx(
  'space-y-4 text-[0.975rem] leading-7 text-ink-700',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li::marker]:text-brand-500',
  '[&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-ink-900',
);

/** One layout for the terms, refund and privacy policies: title, date, contents and numbered sections. */
export function PolicyLayout({ title, summary, sections, currentPath }: PolicyLayoutProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl border-b border-ink-900/10 pb-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
        <p className="mt-3 text-sm text-ink-500">
          Effective <time dateTime={POLICY_EFFECTIVE_DATE}>{POLICY_EFFECTIVE_DATE_LABEL}</time>
        </p>
        <div className="mt-5 text-lg leading-8 text-ink-700">{summary}</div>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-title" className="text-sm font-semibold text-ink-900">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 border-l border-ink-900/10 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-ink-500 hover:border-brand-500 hover:text-ink-900"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 pb-10"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-bold tracking-tight text-ink-900 sm:text-2xl">
                <span aria-hidden="true" className="mr-2 text-brand-600 tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              <div className={clsx('mt-4', policyProse)}>{section.body}</div>
            </section>
          ))}

          <aside
            aria-label="Related policies"
            className="rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5"
          >
            <p className="font-semibold text-ink-900">Related policies</p>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {policies
                .filter((policy) => policy.to !== currentPath)
                .map((policy) => (
                  <li key={policy.to}>
                    <Link to={policy.to} className="font-medium text-brand-700 hover:underline">
                      {policy.label}
                    </Link>
                  </li>
                ))}
              <li>
                <Link to="/contact" className="font-medium text-brand-700 hover:underline">
                  Contact us
                </Link>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </div>
  );
}
