import type { ReactNode } from 'react';

/**
 * The narrow card of a page a mail's link opens (the waitlist's and the notifications' unsubscribe
 * pages): a heading and what the link did, alone on the page.
 */
export function MailLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 pt-12 pb-24 sm:pt-20">
      <div className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8">
        <h1 className="mb-5 font-bold text-2xl text-ink-900 tracking-tight sm:text-3xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
