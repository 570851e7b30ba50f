/** Requirements §2: the terms and the privacy policy open in a new tab, so the form keeps its state. */
export function LegalNote({ action }: { action: string }) {
  const linkClass = 'font-medium text-ink-700 underline underline-offset-2 hover:text-brand-700';
  return (
    <p className="text-center text-ink-500 text-xs leading-relaxed">
      By {action}, you agree to our{' '}
      <a href="/terms-of-service" target="_blank" rel="noopener noreferrer" className={linkClass}>
        Terms of Service
      </a>{' '}
      and{' '}
      <a href="/privacy-policy" target="_blank" rel="noopener noreferrer" className={linkClass}>
        Privacy Policy
      </a>
      .
    </p>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-ink-500 text-xs uppercase tracking-wider">
      <span className="h-px flex-1 bg-ink-900/10" />
      or
      <span className="h-px flex-1 bg-ink-900/10" />
    </div>
  );
}
