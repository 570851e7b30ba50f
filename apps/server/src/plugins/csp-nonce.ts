import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;
/** Nonces drawn per call to the system's random source. */
const NONCES_PER_DRAW = 256;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A Content-Security-Policy nonce: 16 bytes (128 bits) from the system's cryptographic random
 * source, base64, never handed out twice. Every answer needs one, and a synchronous `randomBytes`
 * call for each cost 12 µs of the 80 the API's pipeline adds per request to the license check's
 * floor (docs/benchmarks.md, "License validation against its floor"), so the bytes are drawn 4 KiB
 * at a time and handed out in order (Node's own `randomUUID` batches its entropy the same way).
 */
export function nextCspNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    // A new buffer, not the old one refilled: nothing handed out is ever drawn from again.
    pool = randomFillSync(Buffer.allocUnsafe(NONCE_BYTES * NONCES_PER_DRAW));
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
