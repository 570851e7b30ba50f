import { setFlagsFromString } from 'node:v8';

/**
 * The V8 settings the server runs with, set by `main.ts` before any of its code is loaded, and by
 * `bench/render-floor.ts` for the floor it measures the product page against, so that React alone
 * renders under the same collector as React in the server (docs/benchmarks.md, "Product page
 * against its render floor").
 *
 * Decision 051: no allocation-site pretenuring. A page's objects (React's elements, the rows, the
 * markup) all die with its answer; once V8 had seen some of them alive at a young collection it
 * allocated every later page's in the old generation, where only full collections free them.
 */
export function applyServerV8Flags(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
