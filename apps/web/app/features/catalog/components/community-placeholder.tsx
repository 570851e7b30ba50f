import type { LucideIcon } from 'lucide-react';

export interface CommunityPlaceholderProps {
  /** Anchor id of the section (the section nav links to it). */
  id: string;
  title: string;
  /** The honest empty state, e.g. "No reviews yet". */
  emptyTitle: string;
  description: string;
  icon: LucideIcon;
}

/**
 * A product section the community features will fill (reviews, questions, updates, discussion).
 * Until then it says plainly that there is nothing yet, rather than showing sample content.
 */
export function CommunityPlaceholder({ id, title, emptyTitle, description, icon: Icon }: CommunityPlaceholderProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-32">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-ink-900">
        {title}
      </h2>
      <div className="mt-4 flex items-start gap-4 rounded-card border border-dashed border-ink-300 bg-surface/60 p-5">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-ink-900">{emptyTitle}</p>
          <p className="mt-1 text-sm text-ink-500">{description}</p>
        </div>
      </div>
    </section>
  );
}
