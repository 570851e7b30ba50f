import type { ApiInput } from '@everdeal/contracts';

/**
 * Tells the server a shopper saw a product page (requirements §13, decision 025). The page may
 * come from the page cache (decision 004), so its loader cannot count the view; the browser sends
 * it once the page is visible (not for a tab opened in the background until it is looked at).
 * `fetch` with `keepalive` outlives leaving the page like `sendBeacon`, and can send the JSON the
 * API reads. Nothing waits for the answer or reports a failure. Answers the cleanup.
 */
export function recordProductView(productId: number): () => void {
  const send = () => {
    const body: ApiInput<'products/recordView'> = { productId };
    fetch('/api/products/recordView', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => {});
  };
  if (document.visibilityState === 'visible') {
    send();
    return () => {};
  }
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onVisible);
    send();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
}
