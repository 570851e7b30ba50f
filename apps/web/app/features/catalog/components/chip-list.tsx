import { clsx } from 'clsx';

export interface ChipListProps {
  /** Id of the h2 that names the list. */
  id: string;
  title: string;
  items: string[];
  className?: string;
}

/** A titled row of plain chips (integrations, "Alternative to"); nothing when empty. */
export function ChipList({ id, title, items, className }: ChipListProps) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-sm font-semibold text-ink-900">
        {title}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item}
            className={clsx('rounded-full bg-surface px-3 py-1 text-sm text-ink-700 ring-1 ring-ink-900/10 ring-inset')}
          >
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
