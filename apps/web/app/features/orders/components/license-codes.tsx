import type { OrderCode, OrderItemRefInput } from '@everdeal/contracts';
import { clsx } from 'clsx';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import { formatDate } from '~/lib/format-date';
import { useSetCodeRedeemed } from '../api/orders';
import { revokedWords } from '../order-money-format';

const COPIED_SHOWN_MS = 2_000;

/**
 * An item's license codes (requirements §11): each with a copy button that says "Copied" (and
 * announces it), and the shopper's own "redeemed" mark, the activation state. Codes that no
 * longer work come last, each saying why (a plan change replaced it, a refund revoked it).
 */
export function LicenseCodes({ codes, itemRef }: { codes: OrderCode[]; itemRef: OrderItemRefInput }) {
  const [announcement, setAnnouncement] = useState('');
  const working = codes.filter((code) => code.status !== 'revoked');
  const shown = [...working, ...codes.filter((code) => code.status === 'revoked')];
  return (
    <div>
      <ul className="space-y-3" aria-label="License codes">
        {shown.map((code, index) => (
          <li key={code.code}>
            <CodeRow
              code={code}
              number={index + 1}
              itemRef={itemRef}
              onCopied={() => setAnnouncement(`Copied code ${index + 1}`)}
            />
          </li>
        ))}
      </ul>
      {/* One polite live region for every copy button: "Copied" is read out without moving focus. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function CodeRow({
  code,
  number,
  itemRef,
  onCopied,
}: {
  code: OrderCode;
  number: number;
  itemRef: OrderItemRefInput;
  onCopied: () => void;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const mark = useSetCodeRedeemed(itemRef);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const isRevoked = code.status === 'revoked';
  const isReplaced = code.revocation?.reason === 'plan_change';
  const isRedeemed = code.status === 'redeemed';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.code);
    } catch {
      toast.error('Copying was blocked by the browser. Select the code and copy it by hand.');
      return;
    }
    setIsCopied(true);
    onCopied();
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_SHOWN_MS);
  };

  return (
    <div className="rounded-2xl border border-ink-900/10 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="sr-only">Code {number}:</span>
        <code
          className={clsx(
            'w-full min-w-0 select-all break-all rounded-xl sm:w-auto sm:flex-1 bg-canvas px-3.5 py-2.5 font-mono text-[0.9375rem] text-ink-900',
            isRevoked && 'line-through opacity-60',
          )}
        >
          {code.code}
        </code>
        {isRevoked ? null : (
          // Named by what it shows, then which code (WCAG 2.5.3: the visible words start the name).
          <Button variant="outline" size="sm" onClick={copy}>
            {isCopied ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {isCopied ? 'Copied' : 'Copy'}
            <span className="sr-only"> code {number}</span>
          </Button>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p
          className={clsx(isRedeemed ? 'text-emerald-700' : isRevoked && !isReplaced ? 'text-red-700' : 'text-ink-500')}
        >
          {isRevoked
            ? revokedWords(code, (at) => formatDate(at, undefined))
            : isRedeemed
              ? `Redeemed${code.redeemedAt ? ` on ${formatDate(code.redeemedAt, undefined)}` : ''}`
              : 'Not redeemed yet'}
        </p>
        {isRevoked ? null : (
          <Button
            variant="ghost"
            size="sm"
            isLoading={mark.isPending}
            onClick={() => mark.mutate({ code: code.code, redeemed: !isRedeemed })}
          >
            {isRedeemed ? 'Mark as not redeemed' : 'Mark as redeemed'}
            <span className="sr-only"> (code {number})</span>
          </Button>
        )}
      </div>
    </div>
  );
}
