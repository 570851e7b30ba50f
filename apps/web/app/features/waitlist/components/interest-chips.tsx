import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';

export interface InterestOption {
  slug: string;
  name: string;
}

/**
 * Categories as toggle chips: real checkboxes named `interests` (read from the form on submit,
 * so a box ticked before the page hydrated counts), drawn as pills. The box is transparent and
 * covers its pill, so a tap anywhere on the pill is a tap on the box; the pill shows its focus
 * ring and its checked state.
 */
export function InterestChips({ options, disabled = false }: { options: InterestOption[]; disabled?: boolean }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {options.map((option) => (
        <li key={option.slug}>
          <label
            className={clsx(
              'group relative inline-flex h-10 cursor-pointer select-none items-center gap-1.5 rounded-full px-4 font-medium text-sm transition-colors',
              'bg-white text-ink-700 ring-1 ring-ink-900/15 ring-inset hover:bg-brand-50 hover:text-brand-700',
              'has-[:checked]:bg-brand-600 has-[:checked]:text-white has-[:checked]:ring-brand-600',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 has-[:focus-visible]:outline-offset-2',
              disabled && 'pointer-events-none opacity-60',
            )}
          >
            <input
              type="checkbox"
              name="interests"
              value={option.slug}
              disabled={disabled}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <Check aria-hidden="true" className="-ml-1 hidden size-4 peer-checked:block" />
            {option.name}
          </label>
        </li>
      ))}
    </ul>
  );
}
