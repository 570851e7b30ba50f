import { productUpdatePath } from '@everdeal/contracts/paths';
import { Link } from 'react-router';
import { ProseHtml } from '~/components/ui/prose';
import { formatDate, isoDay } from '~/lib/format-date';
import type { UpdateView } from '../community-views';

/** One changelog entry: its date, title (linking to its page) and sanitised Markdown. */
export function UpdateCard({
  update,
  slug,
  headingLevel = 'h3',
}: {
  update: UpdateView;
  slug: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={`update-${update.id}`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <time dateTime={isoDay(update.postedOn)} className="text-ink-500 text-sm">
        {formatDate(update.postedOn)}
      </time>
      <Heading id={`update-${update.id}`} className="mt-1 font-semibold text-ink-900 text-lg">
        <Link to={productUpdatePath(slug, update.id)} className="hover:text-brand-700 hover:underline">
          {update.title}
        </Link>
      </Heading>
      <ProseHtml html={update.bodyHtml} className="mt-2" />
    </article>
  );
}
