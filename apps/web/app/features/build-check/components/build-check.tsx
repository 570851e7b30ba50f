import { BUILD_CHECK_INTERVAL_MS, CHUNK_RELOAD_GUARD_MS } from '@everdeal/contracts/constants';
import { useEffect } from 'react';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  decideChunkReload,
  isChunkLoadError,
  isNewBuild,
  parseReloadTimestamp,
} from '../chunk-reload';

async function fetchServerBuildId(): Promise<unknown> {
  const response = await fetch('/build-meta.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { buildId?: unknown };
  return body.buildId;
}

function readLastReload(): number | null {
  try {
    return parseReloadTimestamp(window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  } catch {
    return null;
  }
}

function writeLastReload(now: number) {
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Storage can be disabled; the reload still happens, only the guard is lost.
  }
}

/**
 * Requirements §4: polls `/build-meta.json` every BUILD_CHECK_INTERVAL_MS and remembers when the
 * server runs a newer build. When a lazily loaded chunk then fails (the old file is gone after
 * a deploy), it checks once more and reloads the page once, guarded by CHUNK_RELOAD_GUARD_MS.
 */
export function useBuildCheck(buildId: string | undefined) {
  useEffect(() => {
    if (!buildId) return;
    let hasNewBuild = false;
    let isHandlingChunkError = false;

    const check = async () => {
      try {
        if (isNewBuild(buildId, await fetchServerBuildId())) hasNewBuild = true;
      } catch {
        // Offline or a deploy in progress: try again at the next tick.
      }
      return hasNewBuild;
    };

    const onChunkError = async () => {
      if (isHandlingChunkError) return;
      isHandlingChunkError = true;
      try {
        const decision = decideChunkReload({
          hasNewBuild: await check(),
          lastReloadAt: readLastReload(),
          now: Date.now(),
          guardMs: CHUNK_RELOAD_GUARD_MS,
        });
        if (decision.reload) {
          writeLastReload(Date.now());
          window.location.reload();
        }
      } finally {
        isHandlingChunkError = false;
      }
    };

    const onPreloadError = () => void onChunkError();
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) void onChunkError();
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error ?? event.message)) void onChunkError();
    };

    const interval = window.setInterval(check, BUILD_CHECK_INTERVAL_MS);
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('error', onError);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('error', onError);
    };
  }, [buildId]);
}

/** Mount once near the root; renders nothing. */
export function BuildCheck({ buildId }: { buildId: string | undefined }) {
  useBuildCheck(buildId);
  return null;
}
