import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/file-key';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';

/**
 * A key just created, shown once (decision 032): the whole key with a Copy button and a plain
 * warning that it will not be shown again. Focus moves to its heading, so a screen reader hears
 * it at once.
 */
export function NewKeyPanel({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const fieldId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setIsCopied(true);
    } catch {
      toast.error('Copying was blocked by the browser: select the key and copy it instead.');
    }
  };

  return (
    <section
      aria-labelledby={`${fieldId}-heading`}
      className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="space-y-1">
          <h3 id={`${fieldId}-heading`} ref={headingRef} tabIndex={-1} className="font-semibold text-ink-900">
            Your new key “{name}”
          </h3>
          <p className="text-ink-700 text-sm">
            <strong>Copy it now: you will not see it again.</strong> We keep only a fingerprint of it. If you lose it,
            revoke it and create another.
          </p>
        </div>
      </div>
      <div>
        <label htmlFor={fieldId} className="mb-1.5 block font-medium text-ink-900 text-sm">
          API key
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={fieldId}
            readOnly
            value={apiKey}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full min-w-0 rounded-xl border border-ink-900/15 bg-white px-3 font-mono text-ink-900 text-sm sm:flex-1"
          />
          <Button type="button" variant="outline" onClick={copy}>
            {isCopied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {isCopied ? 'Copied' : 'Copy'}
            <span className="sr-only"> API key</span>
          </Button>
        </div>
        <p role="status" className="sr-only">
          {isCopied ? 'API key copied' : ''}
        </p>
      </div>
      <Button type="button" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
