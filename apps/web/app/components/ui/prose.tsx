import { clsx } from 'clsx';

/**
 * Typography for rendered Markdown and long text, without a plugin: child selectors style the
 * elements the Markdown renderer emits.
 */
export const proseClasses = clsx(
  'text-base leading-7 text-ink-700',
  '[&>*+*]:mt-4',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-ink-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink-900',
  '[&_h4]:mt-5 [&_h4]:font-semibold [&_h4]:text-ink-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 [&_li]:pl-1 [&_li::marker]:text-brand-500',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-brand-50 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-brand-800',
  '[&_img]:rounded-xl [&_hr]:border-ink-900/10',
  '[&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-ink-900/10 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-ink-900/5 [&_td]:py-2',
);

export interface ProseHtmlProps {
  /** HTML sanitised on the server (Markdown rendered with raw HTML disabled). */
  html: string;
  className?: string;
}

export function ProseHtml({ html, className }: ProseHtmlProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders Markdown with raw HTML escaped.
  return <div className={clsx(proseClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
