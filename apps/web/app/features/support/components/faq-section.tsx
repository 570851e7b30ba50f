import ChevronDown from 'lucide-react/icons/chevron-down';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import { type ChangeEvent, useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FAQ_QUESTION_COUNT, FAQ_TOPICS, type FaqItem } from '../faq';
import { countQuestions, searchFaq } from '../faq-search';

function matchSummary(query: string, count: number): string {
  if (!query.trim()) return `All ${FAQ_QUESTION_COUNT} questions`;
  if (count === 0) return `No questions match “${query.trim()}”`;
  return `${count} ${count === 1 ? 'question matches' : 'questions match'} “${query.trim()}”`;
}

/**
 * Requirements §14: the FAQ with search. The list filters as you type (every word must begin a
 * word of the question, answer or topic); a polite live region says how many match, so a
 * screen-reader user hears the result without leaving the field. While searching, the matching
 * answers are open; otherwise each question opens by itself (native details, no script needed).
 */
export function FaqSection() {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const topics = searchFaq(FAQ_TOPICS, deferredQuery);
  const count = countQuestions(topics);
  const isSearching = deferredQuery.trim() !== '';
  const searchId = useId();

  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="font-bold text-2xl text-ink-900 tracking-tight">
        Frequently asked questions
      </h2>
      <search className="mt-5 block">
        <label htmlFor={searchId} className="font-medium text-ink-900 text-sm">
          Search the questions
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3.5 my-auto size-5 text-ink-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
            placeholder="Refund, code, upgrade, password…"
            autoComplete="off"
            maxLength={100}
            aria-describedby={`${searchId}-count`}
            className="block h-12 w-full rounded-xl border border-ink-900/15 bg-white pr-3.5 pl-11 text-[0.9375rem] text-ink-900 shadow-xs placeholder:text-ink-300 hover:border-ink-900/30 focus:outline-none focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500"
          />
        </div>
        <p id={`${searchId}-count`} role="status" className="mt-2 text-ink-500 text-sm">
          {matchSummary(deferredQuery, count)}
        </p>
      </search>

      {count === 0 ? (
        <EmptyState
          icon={SearchX}
          className="mt-6"
          title="Nothing here answers that yet"
          description="Try a shorter or different word, or ask us: a person reads every message."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <button
                type="button"
                onClick={() => setQuery('')}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                Show all questions
              </button>
              <Link to="/contact" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                Contact us
              </Link>
            </div>
          }
        />
      ) : (
        <div className="mt-6 space-y-8">
          {topics.map((topic) => (
            <section key={topic.id} aria-labelledby={`faq-topic-${topic.id}`}>
              <h3 id={`faq-topic-${topic.id}`} className="font-semibold text-ink-500 text-xs uppercase tracking-wider">
                {topic.title}
              </h3>
              <ul className="mt-3 space-y-2">
                {topic.items.map((item) => (
                  // A new element when searching starts or stops, so the "open" default applies again.
                  <li key={`${item.id}-${isSearching}`}>
                    <FaqEntry item={item} isOpen={isSearching} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

function FaqEntry({ item, isOpen }: { item: FaqItem; isOpen: boolean }) {
  return (
    <details
      id={`faq-${item.id}`}
      open={isOpen}
      className="group scroll-mt-24 rounded-2xl bg-white shadow-xs ring-1 ring-ink-900/[0.07] open:shadow-card"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-ink-900 transition-colors hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        {item.question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-ink-500 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="space-y-3 px-5 pb-5 text-ink-700 text-sm leading-relaxed">
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {item.link ? (
          <p>
            <Link to={item.link.to} className="font-semibold text-brand-700 hover:underline">
              {item.link.label}
            </Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}
