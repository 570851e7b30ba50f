import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * How answers made per request (pages, API answers) are compressed: Brotli at quality 1 and gzip
 * at level 1, the fastest settings of each (docs/decisions/055-fast-compression-of-answers.md).
 *
 * Every answer is compressed as it is sent, a kept page too (its CSP nonce differs per answer,
 * decision 004), and browsers and crawlers all ask for it. At @fastify/compress's defaults
 * (Brotli 4, gzip 6) that cost 0.75-0.85 ms of CPU per product page, three times what a kept page
 * costs to send, and a third of React's render of it; Brotli 1 costs a quarter of that for 16% more
 * bytes (docs/benchmarks.md, "Compression of answers", `npm run bench:compress`). Static files are
 * not compressed here: the web build writes their Brotli 11 and gzip 9 copies.
 */
export const answerCompression = {
  brotliQuality: 1,
  gzipLevel: 1,
  /**
   * Answers held whole (a kept page, an API answer) up to this size are compressed in one call
   * on the main thread. Above it, and for a page streamed as it renders, a compression stream
   * runs in libuv's threads: a stream and its encoder's state per answer, which cost the kept
   * product page more than the compression itself (about 1.0 ms a Brotli answer, 1.6 ms a zstd
   * one, the plugin's 8 KB limit on a 2-core host sending its 60 KB that way). The largest page,
   * trending, is about 120 KB; 256 KB at these settings takes 0.5 ms with Brotli, 1.7 with gzip.
   */
  wholeAnswerLimitBytes: 256 * 1024,
} as const;

/** Compresses text answers of 1 KB and more for clients that accept Brotli or gzip. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: answerCompression.brotliQuality } },
    zlibOptions: { level: answerCompression.gzipLevel },
    syncThreshold: answerCompression.wholeAnswerLimitBytes,
  });
}
