// Requirements §4 and §9: the build manifest is checked hourly; when a chunk fails to load after a new
// build was detected, the page reloads once, never twice within CHUNK_RELOAD_GUARD_MS.

/** sessionStorage key holding the time of the last automatic reload. */
export const CHUNK_RELOAD_STORAGE_KEY = 'everdeal:chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'Unable to preload CSS',
];

/** Whether an error (or rejection reason) says a lazily loaded chunk could not be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  const message =
    typeof reason === 'string'
      ? reason
      : reason && typeof reason === 'object' && 'message' in reason && typeof reason.message === 'string'
        ? reason.message
        : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => message.includes(pattern));
}

/** Whether the server's build differs from the one this page was rendered with. */
export function isNewBuild(currentBuildId: string, serverBuildId: unknown): boolean {
  return typeof serverBuildId === 'string' && serverBuildId.length > 0 && serverBuildId !== currentBuildId;
}

export type ChunkReloadInput = {
  hasNewBuild: boolean;
  /** Epoch ms of the previous automatic reload, or null when there was none this session. */
  lastReloadAt: number | null;
  now: number;
  guardMs: number;
};

export type ChunkReloadDecision = { reload: true } | { reload: false; reason: 'same-build' | 'reloaded-recently' };

/** After a chunk failed to load: reload only for a new build, and not again inside the guard. */
export function decideChunkReload({ hasNewBuild, lastReloadAt, now, guardMs }: ChunkReloadInput): ChunkReloadDecision {
  if (!hasNewBuild) return { reload: false, reason: 'same-build' };
  if (lastReloadAt !== null && now - lastReloadAt >= 0 && now - lastReloadAt < guardMs) {
    return { reload: false, reason: 'reloaded-recently' };
  }
  return { reload: true };
}

/** Reads the stored reload time; anything unreadable counts as "never". */
export function parseReloadTimestamp(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : null;
}
