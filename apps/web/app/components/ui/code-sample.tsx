/** A code sample on a dark panel, scrollable sideways and reachable by keyboard (the developer guide). */
export function CodeSample({ label, code }: { label: string; code: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1.5 font-medium text-ink-500 text-xs uppercase tracking-wide">{label}</figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} className="overflow-x-auto rounded-xl bg-ink-900 p-4 text-[0.8125rem] text-white leading-6">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
