/**
 * After a write, the CDN in front must drop the pages it keeps under the tags the write cleared
 * (decision 044, docs/operations.md "A CDN in front"). Every clear is logged with its tags; with
 * CDN_PURGE_URL the tags are also POSTed there as `{"tags": [...]}` (`{"all": true}` for a clear
 * of everything), gathered over a short window so a burst of writes is one call. The address is
 * the operator's relay to their CDN's purge API (which holds the CDN's token): https anywhere,
 * plain http only on this host, so tags never cross a network unencrypted.
 */

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

export type CdnPurge = {
  /** Tags cleared by a write; undefined = everything. */
  purge(tags: readonly string[] | undefined): void;
  /** Sends what is gathered and waits for it (on shutdown, and in tests). */
  flush(): Promise<void>;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the purge hook may be sent to `address` (see above); the reason when not. */
export function purgeAddressProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'must not carry a user or password (the relay holds the credentials)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return 'must be an http:// or https:// URL';
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host)) return undefined;
  return 'must be https:// unless it is on this host (127.0.0.1, ::1, localhost)';
}

export function createCdnPurge({
  url,
  log,
  windowMs = 50,
  timeoutMs = 5_000,
}: {
  url: string | undefined;
  log: Log;
  windowMs?: number;
  timeoutMs?: number;
}): CdnPurge {
  const problem = url === undefined ? undefined : purgeAddressProblem(url);
  if (problem) throw new Error(`CDN_PURGE_URL ${problem}`);
  let gathered: Set<string> | 'all' | undefined;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  function send() {
    timer = undefined;
    const what = gathered;
    gathered = undefined;
    if (!url || !what) return;
    const body = JSON.stringify(what === 'all' ? { all: true } : { tags: [...what] });
    sending = sending.then(async () => {
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!answer.ok) log.warn({ status: answer.status }, 'CDN purge refused');
      } catch (error) {
        log.warn({ err: error }, 'CDN purge failed');
      }
    });
  }

  return {
    purge(tags) {
      log.info({ cacheTags: tags ?? 'all' }, 'cache cleared');
      if (!url) return;
      if (!tags || gathered === 'all') gathered = 'all';
      else {
        gathered ??= new Set();
        for (const tag of tags) gathered.add(tag);
      }
      timer ??= setTimeout(send, windowMs);
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        send();
      }
      await sending;
    },
  };
}
