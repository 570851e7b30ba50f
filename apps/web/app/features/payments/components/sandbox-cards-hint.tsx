import { clsx } from 'clsx';

/** The sandbox takes no real card: it names its test cards (requirements §11) where one is typed. */
export function SandboxCardsHint({ className }: { className?: string }) {
  return (
    <p className={clsx('text-ink-500 text-sm', className)}>
      Test payments: <span className="font-mono text-ink-700">4242 4242 4242 4242</span> succeeds,{' '}
      <span className="font-mono text-ink-700">4000 0000 0000 0002</span> is declined when saved,{' '}
      <span className="font-mono text-ink-700">4000 0000 0000 0341</span> when charged; any future expiry and any
      3-digit code.
    </p>
  );
}
