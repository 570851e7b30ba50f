import { AppError, LicensingMessage } from '@everdeal/contracts';
import { type Db, sellerApiKeys } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AnswerCache } from '../../lib/answer-cache';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { hashToken } from '../../lib/opaque-token';
import { preparedStatement } from '../../lib/prepared';
import type { ApiKeyAuthenticator, ApiKeyCaller } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';

// Decision 032: how a license call's `Authorization: Bearer evd_…` becomes a seller.

/**
 * How long an instance trusts what it read about a key. The key cache is an answer cache
 * (lib/answer-cache.ts): a revocation clears this instance's at once and, with Redis, every
 * instance's; without Redis another instance may accept a revoked key for at most twice this
 * (stale-while-revalidate), 10 seconds.
 */
export const KEY_CACHE_TTL_MS = 5_000;
/** `last_used_at` moves at most once a minute per key: a write per call would double validate's cost. */
export const LAST_USED_EVERY_MS = 60_000;

export type ApiKeyAuthDeps = {
  db: Db;
  now: () => Date;
  limits: RateLimits;
  tasks: BackgroundTasks;
  /** What keys resolve to, by hash; `clear()` on revocation (licensing.ts builds it). */
  keyCache: AnswerCache;
};

const P = sql.placeholder;

const findKey = preparedStatement(
  'api_keys_find',
  () => sql`
    select id as "keyId", seller_id as "sellerId"
    from ${sellerApiKeys}
    where key_hash = ${P('hash')} and revoked_at is null`,
);

// Guarded, so instances that each decide to write in the same minute still write one value.
const touchKey = preparedStatement(
  'api_keys_touch',
  () => sql`
    update ${sellerApiKeys} set last_used_at = ${P('at')}::timestamptz
    where id = ${P('keyId')}
      and (last_used_at is null or last_used_at <= ${P('at')}::timestamptz - interval '1 minute')`,
);

/**
 * Our keys are `evd_` and 43 base64url characters; anything else is refused without a lookup.
 * Session tokens (43 characters, no prefix) therefore never reach the key table.
 */
const KEY_SHAPE = /^evd_[A-Za-z0-9_-]{43}$/;

export function createApiKeyAuthenticator(deps: ApiKeyAuthDeps): ApiKeyAuthenticator {
  // When this instance last wrote each key's last use (ms of the app's clock).
  const lastWritten = new LRUCache<string, number>({ max: 10_000 });

  function noteUse(keyId: string, answer: Parameters<BackgroundTasks['runAfter']>[0]) {
    const now = deps.now();
    const written = lastWritten.get(keyId);
    if (written !== undefined && now.getTime() - written < LAST_USED_EVERY_MS) return;
    lastWritten.set(keyId, now.getTime());
    deps.tasks.runAfter(answer, 'api-key-last-used', () => touchKey(deps.db, { keyId, at: now.toISOString() }));
  }

  return async (token, answer) => {
    if (!token || !KEY_SHAPE.test(token)) {
      throw AppError.unauthorized(LicensingMessage.invalidKey);
    }
    const hash = hashToken(token);
    const caller = await deps.keyCache.get<ApiKeyCaller | null>(
      hash,
      async () => (await findKey<ApiKeyCaller>(deps.db, { hash }))[0] ?? null,
      // Unknown keys are not kept: a flood of made-up keys cannot push real ones out.
      (found) => found !== null,
    );
    if (!caller) throw AppError.unauthorized(LicensingMessage.invalidKey);
    // Every call of a known key counts, whatever its code: 60 a minute, shared through Redis.
    await deps.limits.consume([['licenseCallsPerKey', caller.keyId]]);
    noteUse(caller.keyId, answer);
    return caller;
  };
}
