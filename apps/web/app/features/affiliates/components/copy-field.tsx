import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';

/** A read-only value with a Copy button; "Copied" is shown and announced for two seconds. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      toast.error('Copying was blocked by the browser: select the text and copy it instead.');
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-ink-900 text-sm">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-ink-900/15 bg-canvas px-3 font-mono text-ink-900 text-sm"
        />
        {/* Named by its visible word, then what it copies (WCAG 2.5.3, label in name). */}
        <Button type="button" variant="outline" onClick={copy}>
          {isCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {isCopied ? 'Copied' : 'Copy'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <p role="status" className="sr-only">
        {isCopied ? `${label} copied` : ''}
      </p>
    </div>
  );
}
