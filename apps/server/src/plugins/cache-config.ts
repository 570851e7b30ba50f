/**
 * The cache and CDN settings (decision 044): how long catalogue answers and pages are kept, how
 * much memory the two caches hold, and where the tags a write cleared are sent for a CDN purge.
 * `config.ts` reads them with the rest of the environment.
 */
import { z } from 'zod';
import { purgeAddressProblem } from '../lib/cdn-purge';

/** The variables, in the place `EnvSchema` lists them (`.env.example` documents the same). */
export const cacheEnvShape = {
  CATALOG_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0, { error: 'must be 0 (off) or more' })
    .max(600_000, { error: 'must be at most 600000 (10 minutes)' })
    .optional(),
  // Decision 044: tagged answers live until a write clears them, this long at most (a safety net).
  CACHE_MAX_AGE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1_000, { error: 'must be at least 1000 (1 second)' })
    .max(86_400_000, { error: 'must be at most 86400000 (a day)' })
    .default(600_000),
  CATALOG_CACHE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .min(1_048_576, { error: 'must be at least 1048576 (1 MiB)' })
    .default(64 * 2 ** 20),
  // 0 keeps no page (every page rendered for its request) while catalogue answers are still kept.
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int()
    .refine((bytes) => bytes === 0 || bytes >= 1_048_576, { error: 'must be 0 (off) or at least 1048576 (1 MiB)' })
    .default(256 * 2 ** 20),
  // Where the tags a write cleared are POSTed, for a CDN purge relay (docs/operations.md).
  CDN_PURGE_URL: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const problem = value === undefined ? undefined : purgeAddressProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
};

type CacheEnv = z.infer<z.ZodObject<typeof cacheEnvShape>>;

export type CacheConfig = {
  /** How long catalogue answers are reused (decision 004); 0 in tests unless they set it. */
  catalogCacheTtlMs: number;
  /** Tagged answers and pages live until a write clears them, this long at most (decision 044). */
  cacheMaxAgeMs: number;
  /** Memory bounds of the two caches, in bytes of answer bodies; a page cache of 0 is off. */
  catalogCacheMaxBytes: number;
  pageCacheMaxBytes: number;
  /** Where the tags of each clear are POSTed for a CDN purge; undefined = logged only. */
  cdnPurgeUrl: string | undefined;
};

/** The cache settings of the parsed environment; `nodeEnv` is NODE_ENV's value. */
export function cacheConfigOf(e: CacheEnv, nodeEnv: string): CacheConfig {
  return {
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS ?? (nodeEnv === 'test' ? 0 : 2000),
    cacheMaxAgeMs: e.CACHE_MAX_AGE_MS,
    catalogCacheMaxBytes: e.CATALOG_CACHE_MAX_BYTES,
    pageCacheMaxBytes: e.PAGE_CACHE_MAX_BYTES,
    cdnPurgeUrl: e.CDN_PURGE_URL,
  };
}
