import type { Db } from '@everdeal/db';
import { createAnswerCache } from '../../lib/answer-cache';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { ApiKeyAuthenticator } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';
import { createApiKeyAuthenticator, KEY_CACHE_TTL_MS } from './api-key-auth';
import type { LicensesDeps } from './licenses.service';
import { licensingHandlers } from './licensing.routes';

export type LicensingDeps = {
  db: Db;
  now: () => Date;
  limits: RateLimits;
  tasks: BackgroundTasks;
  /** Links the instances' key caches, so a revocation reaches every one at once (decision 032). */
  redisUrl: string | undefined;
  /** The Redis channel of revocations (namespaced like the other channels). */
  revocationChannel: string;
  onLicenseActivated?: LicensesDeps['onLicenseActivated'];
};

/**
 * The licensing API of one app (decision 032): its handlers, the authenticator of the license
 * calls, and the key cache both share (a revocation clears it). `close()` on shutdown.
 */
export function createLicensing(deps: LicensingDeps): {
  handlers: ReturnType<typeof licensingHandlers>;
  authenticateApiKey: ApiKeyAuthenticator;
  close(): Promise<void>;
} {
  const keyCache = createAnswerCache({
    ttlMs: KEY_CACHE_TTL_MS,
    maxEntries: 10_000,
    redisUrl: deps.redisUrl,
    channel: deps.revocationChannel,
  });
  const services = { ...deps, keyCache };
  return {
    handlers: licensingHandlers(services),
    authenticateApiKey: createApiKeyAuthenticator(services),
    close: () => keyCache.close(),
  };
}
