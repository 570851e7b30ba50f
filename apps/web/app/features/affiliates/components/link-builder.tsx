import { AFFILIATE_REF_PARAM } from '@everdeal/contracts/constants';
import { useId, useState } from 'react';
import { CopyField } from './copy-field';

/**
 * The member's link to any page of the store: a path (`/products/reelsmith`) or a full address
 * of this store, with `?ref=CODE` added and any other query kept.
 */
export function buildAffiliateLink(input: string, code: string, storeUrl: string): string | null {
  const text = input.trim();
  if (!text) return null;
  try {
    const store = new URL(storeUrl);
    const url = new URL(text.startsWith('/') ? text : text.includes('://') ? text : `/${text}`, store);
    if (url.origin !== store.origin) return null;
    url.searchParams.set(AFFILIATE_REF_PARAM, code);
    return url.toString();
  } catch {
    return null;
  }
}

export function LinkBuilder({ code, storeUrl }: { code: string; storeUrl: string }) {
  const id = useId();
  const [page, setPage] = useState('');
  const link = buildAffiliateLink(page, code, storeUrl);
  const error = page.trim() && !link ? 'Enter a page of this store, like /products/reelsmith' : undefined;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={id} className="mb-1.5 block font-medium text-ink-900 text-sm">
          Page to share
        </label>
        <input
          id={id}
          value={page}
          onChange={(event) => setPage(event.target.value)}
          placeholder="/products/reelsmith"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-ink-900 text-sm placeholder:text-ink-300 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-red-700 text-sm">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1.5 text-ink-500 text-xs">
            A path or an address of this store; any page takes your code.
          </p>
        )}
      </div>
      {link ? <CopyField label="Your link to this page" value={link} /> : null}
    </div>
  );
}
