import type { Category, ProductSort } from '@everdeal/contracts';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { type FormEvent, useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { type BrowseState, formToSearchParams, RATING_OPTIONS, SORT_OPTIONS } from '../browse-params';

export const BROWSE_FORM_ID = 'browse-filters';

const field = 'block w-full rounded-lg border border-ink-900/15 bg-white px-3 text-sm text-ink-900 h-11';
const legend = 'text-sm font-semibold text-ink-900';
const choice = 'flex min-h-11 items-center gap-2.5 text-sm text-ink-700';

/** A choice of the category select; the loaders send no more (see `ProductCardView`). */
export type CategoryOption = Pick<Category, 'slug' | 'name'>;

export function toCategoryOption(category: Category): CategoryOption {
  return { slug: category.slug, name: category.name };
}

export interface BrowseFiltersProps {
  /** The page the form submits to (GET). */
  basePath: string;
  state: BrowseState;
  /** Offer a category select; left out on a category's own page. */
  categories?: CategoryOption[];
  /** Number of active filters, shown on the mobile "Filters" toggle. */
  activeCount: number;
  /** Link that clears every filter (keeps the query). */
  clearHref: string;
}

/**
 * The browsing filters as a GET form: without JavaScript "Apply filters" loads the URL; with it,
 * any select, radio or checkbox applies at once and empty fields stay out of the URL. On phones
 * the form folds into a "Filters" disclosure; from 1024 px it is an open sidebar (app.css).
 */
/** Whether a field shows another value than its markup's default (what reset() would bring back). */
function showsOtherThanDefaults(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      const isChoice = element.type === 'checkbox' || element.type === 'radio';
      if (isChoice ? element.checked !== element.defaultChecked : element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement && !element.multiple) {
      const options = [...element.options];
      const defaultIndex = Math.max(
        0,
        options.findLastIndex((option) => option.defaultSelected),
      );
      if (element.selectedIndex !== defaultIndex) return true;
    }
  }
  return false;
}

export function BrowseFilters({ basePath, state, categories, activeCount, clearHref }: BrowseFiltersProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const hasMounted = useRef(false);
  // Fields are uncontrolled: after a navigation (a "Clear filters" link, back) React has updated
  // their defaults, and reset() shows them without remounting the field that has focus. Only a
  // form that shows something else is reset: a reset is an event React handles at once, and on
  // the first load it made hydration's longest task longer (docs/benchmarks.md, "What the
  // Lighthouse figures say"). On the first load, a field that differs was changed before the
  // page could act on it (or restored by the browser as it was when applied): it is applied
  // then, as it would have been a moment later, instead of being lost (decision 006: no tap lost).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the URL
  useEffect(() => {
    const form = formRef.current;
    const isFirstRun = !hasMounted.current;
    hasMounted.current = true;
    if (!form || !showsOtherThanDefaults(form)) return;
    if (isFirstRun) apply(form);
    else form.reset();
  }, [search]);

  const apply = (form: HTMLFormElement) => {
    const params = formToSearchParams(new FormData(form));
    const query = params.toString();
    navigate(query ? `${basePath}?${query}` : basePath, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  // Price boxes apply on Enter or "Apply"; a keystroke would reload the list mid-typing.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type !== 'number') apply(event.currentTarget);
  };

  return (
    <details className="filters-disclosure group rounded-card bg-surface shadow-card ring-1 ring-ink-900/5 lg:bg-transparent lg:shadow-none lg:ring-0">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-ink-900 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4.5 text-brand-600" />
          Filters
          {activeCount > 0 ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white tabular-nums">{activeCount}</span>
          ) : null}
        </span>
        <span className="text-sm font-medium text-brand-700 group-open:hidden">Show</span>
        <span className="hidden text-sm font-medium text-brand-700 group-open:inline">Hide</span>
      </summary>
      <Form
        ref={formRef}
        id={BROWSE_FORM_ID}
        method="get"
        action={basePath}
        onSubmit={onSubmit}
        onChange={onChange}
        aria-label="Filters"
        className="space-y-6 border-t border-ink-900/5 p-4 lg:border-0 lg:p-0"
      >
        {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
        {/* Without a category select (trending's chips pick it), the chosen category rides along. */}
        {!categories && state.category ? <input type="hidden" name="category" value={state.category} /> : null}

        {categories ? (
          <div>
            <label htmlFor="filter-category" className={legend}>
              Category
            </label>
            <select
              id="filter-category"
              name="category"
              defaultValue={state.category ?? ''}
              className={`${field} mt-2`}
            >
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        <fieldset>
          <legend className={legend}>Price (USD)</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <label className="text-xs text-ink-500">
              Min
              <input
                type="number"
                name="minPrice"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder="$0"
                defaultValue={state.minPrice ?? ''}
                className={`${field} mt-1`}
              />
            </label>
            <label className="text-xs text-ink-500">
              Max
              <input
                type="number"
                name="maxPrice"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder="Any"
                defaultValue={state.maxPrice ?? ''}
                className={`${field} mt-1`}
              />
            </label>
          </div>
        </fieldset>

        <div>
          <label htmlFor="filter-rating" className={legend}>
            Minimum rating
          </label>
          <select id="filter-rating" name="minRating" defaultValue={state.minRating ?? ''} className={`${field} mt-2`}>
            <option value="">Any rating</option>
            {RATING_OPTIONS.map((rating) => (
              <option key={rating} value={rating}>
                {rating} stars and up
              </option>
            ))}
          </select>
        </div>

        <fieldset>
          <legend className={legend}>Plan type</legend>
          <div className="mt-1">
            {[
              { value: '', label: 'Any plan' },
              { value: 'lifetime', label: 'Lifetime' },
              { value: 'subscription', label: 'Subscription' },
            ].map((option) => (
              <label key={option.value} className={choice}>
                <input
                  type="radio"
                  name="planKind"
                  value={option.value}
                  defaultChecked={(state.planKind ?? '') === option.value}
                  className="size-4.5 accent-brand-600"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className={legend}>AI usage</legend>
          <div className="mt-1">
            <label className={choice}>
              <input
                type="checkbox"
                name="byoKey"
                value="1"
                defaultChecked={state.byoKey}
                className="size-4.5 accent-brand-600"
              />
              Bring your own API key
            </label>
            <label className={choice}>
              <input
                type="checkbox"
                name="hasCredits"
                value="1"
                defaultChecked={state.hasCredits}
                className="size-4.5 accent-brand-600"
              />
              Includes AI credits
            </label>
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClasses({ size: 'sm' })}>
            Apply filters
          </button>
          {activeCount > 0 ? (
            <Link
              to={clearHref}
              preventScrollReset
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

export interface SortSelectProps {
  value: ProductSort | undefined;
  /** Label of the option used when the URL has no sort (e.g. "Best match" on search). */
  defaultLabel: string;
  /** The sort the default option stands for; listed once, not twice. */
  defaultSort?: ProductSort;
}

/**
 * The sort menu; part of the filter form through `form=`, so it submits with the filters. Its
 * width has a floor as wide as its longest option: a streamed page painted while the select had
 * no option yet drew it about 44 px wide, and on a phone the results line moved when they came.
 */
export function SortSelect({ value, defaultLabel, defaultSort }: SortSelectProps) {
  const navigateWith = (select: HTMLSelectElement) => select.form?.requestSubmit();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="browse-sort" className="text-sm font-medium whitespace-nowrap text-ink-700">
        Sort by
      </label>
      <select
        id="browse-sort"
        name="sort"
        form={BROWSE_FORM_ID}
        defaultValue={value === defaultSort ? '' : (value ?? '')}
        onChange={(event) => navigateWith(event.currentTarget)}
        className="h-11 min-w-44 rounded-lg border border-ink-900/15 bg-white px-3 text-sm text-ink-900"
      >
        <option value="">{defaultLabel}</option>
        {SORT_OPTIONS.filter((option) => option.value !== defaultSort).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
