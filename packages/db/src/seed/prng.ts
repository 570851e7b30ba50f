/**
 * A tiny seeded PRNG so the demo catalogue comes out identical on every run and on every
 * machine: Math.random would give each server a different shop.
 */
export type Random = () => number;

/** mulberry32: 32-bit state, good enough spread for demo data, and a few lines long. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to seed one generator per product from its slug: adding a product moves no other. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An integer in [min, max], both ends included. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function randomBetween(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}
