import type { AiDisclosure as AiDisclosureData } from '@everdeal/contracts';
import { clsx } from 'clsx';
import Cpu from 'lucide-react/icons/cpu';
import { formatCount } from '~/lib/format-count';

export interface AiDisclosureProps {
  ai: AiDisclosureData;
  className?: string;
}

/** Which models power the product, how much usage a plan includes, and whether you bring your own key. */
export function AiDisclosure({ ai, className }: AiDisclosureProps) {
  return (
    <section
      aria-labelledby="ai-disclosure"
      className={clsx('rounded-card bg-surface p-5 shadow-card ring-1 ring-ink-900/5', className)}
    >
      <div className="flex items-center gap-3">
        <Cpu aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
        <h2 id="ai-disclosure" className="font-semibold text-ink-900">
          AI disclosure
        </h2>
      </div>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="text-ink-500">Models used</dt>
          <dd className="mt-1">
            {ai.models.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {ai.models.map((model) => (
                  <li key={model} className="rounded-md bg-brand-50 px-2 py-0.5 font-medium text-brand-800">
                    {model}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="font-medium text-ink-900">Not disclosed by the seller</span>
            )}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-ink-900/5 pt-3">
          <dt className="text-ink-500">Credits per month</dt>
          <dd className="text-right font-medium text-ink-900 tabular-nums">
            {ai.creditsPerMonth === null ? 'No credit limit' : `${formatCount(ai.creditsPerMonth)} credits`}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-ink-900/5 pt-3">
          <dt className="text-ink-500">Bring your own API key</dt>
          <dd className="text-right font-medium text-ink-900">{ai.bringYourOwnKey ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      {ai.bringYourOwnKey ? (
        <p className="mt-3 text-xs text-ink-500">
          You can connect your own model provider key; usage on your key is billed by that provider, not by the seller.
        </p>
      ) : null}
    </section>
  );
}
