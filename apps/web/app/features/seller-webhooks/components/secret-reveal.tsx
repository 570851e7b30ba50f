import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';

/**
 * The signing secret, shown once (decision 033): after the endpoint is created or its secret
 * rotated. Focus moves here so a screen reader hears it at once; it is gone when dismissed.
 */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const headingId = useId();
  const inputId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the field stays selectable.
      document.getElementById(inputId)?.focus();
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-600/30">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="font-bold text-ink-900 text-lg outline-none">
        Your signing secret
      </h2>
      <p className="mt-1 text-ink-700 text-sm">
        Copy it now and keep it with your receiver: we show it only this once. Every delivery is signed with it.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Signing secret
        </label>
        <input
          id={inputId}
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-ink-900/15 bg-white px-3 font-mono text-sm"
        />
        <Button variant="primary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          I have saved it
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? 'The secret is copied to the clipboard' : ''}
      </p>
    </section>
  );
}
