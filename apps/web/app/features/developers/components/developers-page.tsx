import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * One topic of the developers' page (decision 032): the licensing API brings its sections, the
 * webhooks bring theirs; the page lists them in order with a table of contents.
 */
export interface DeveloperSection {
  /** Fragment id, also used in the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

const docProse = clsx(
  'space-y-4 text-[0.975rem] leading-7 text-ink-700',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_li::marker]:text-brand-500',
  '[&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-ink-900',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-brand-50 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-sm [&_:not(pre)>code]:text-brand-800',
  '[&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-ink-900/10 [&_th]:py-2 [&_th]:pr-3 [&_th]:text-left [&_td]:border-b [&_td]:border-ink-900/5 [&_td]:py-2 [&_td]:pr-3 [&_td]:align-top',
);

/** `/developers`: how a seller's systems talk to Everdeal. */
export function DevelopersPage({ intro, sections }: { intro: ReactNode; sections: DeveloperSection[] }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl border-ink-900/10 border-b pb-8">
        <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">For sellers</p>
        <h1 className="mt-2 font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">Developer guide</h1>
        <div className="mt-5 text-ink-700 text-lg leading-8">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="developers-toc" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="developers-toc" className="font-semibold text-ink-900 text-sm">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 border-ink-900/10 border-l text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-transparent border-l-2 py-1 pl-4 text-ink-500 hover:border-brand-500 hover:text-ink-900"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 pb-10"
            >
              <h2 id={`${section.id}-title`} className="font-bold text-ink-900 text-xl tracking-tight sm:text-2xl">
                {section.title}
              </h2>
              <div className={clsx('mt-4', docProse)}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
