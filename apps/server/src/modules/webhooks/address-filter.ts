/**
 * Where a webhook may go (decision 033, "No SSRF"): public internet addresses only. A pure check
 * of one address, and a DNS lookup for Node's `http(s).request` that resolves the host, refuses
 * it unless every address it names is public, and hands the socket the very address it checked,
 * so a second resolution (DNS rebinding) cannot swap in a private one between check and connect.
 */

import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** IPv4 ranges that are not the public internet, as [first address, prefix length]. */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** IPv6 ranges that are not the public internet. Mapped and embedded IPv4 is checked as IPv4. */
const BLOCKED_V6: readonly [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local (fd00:ec2::254, a cloud's metadata, is in it)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

/** An IPv6 address as a 128-bit number (the `::` gap and a dotted IPv4 tail expanded). */
function v6ToBigInt(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailParts];
  return groups.reduce((value, group) => (value << 16n) + BigInt(Number.parseInt(group || '0', 16)), 0n);
}

function inV4Range(address: number, [first, bits]: readonly [string, number]): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
  return (address & mask) >>> 0 === (v4ToNumber(first) & mask) >>> 0;
}

function inV6Range(address: bigint, [first, bits]: readonly [string, number]): boolean {
  const shift = BigInt(128 - bits);
  return address >> shift === v6ToBigInt(first) >> shift;
}

const V4_MAPPED = v6ToBigInt('::ffff:0:0') >> 32n; // ::ffff:0:0/96
const V4_TRANSLATED = v6ToBigInt('64:ff9b::') >> 32n; // NAT64 64:ff9b::/96
const SIX_TO_FOUR = v6ToBigInt('2002::') >> 112n; // 2002::/16 carries an IPv4 in its next 32 bits

function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return inV4Range(v4ToNumber(address), ['127.0.0.0', 8]);
  if (family === 6) {
    const value = v6ToBigInt(address);
    if (value === 1n) return true;
    if (value >> 32n === V4_MAPPED) return isLoopback(v4FromLow32(value));
  }
  return false;
}

function v4FromLow32(value: bigint): string {
  const low = Number(value & 0xffffffffn);
  return [low >>> 24, (low >>> 16) & 255, (low >>> 8) & 255, low & 255].join('.');
}

/**
 * Whether a webhook may connect to this address: a public IPv4 or IPv6 address. IPv4 carried
 * inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged by the
 * IPv4 it carries. `allowLoopback` (`WEBHOOKS_ALLOW_LOOPBACK=1`, tests only) admits 127/8 and ::1.
 */
export function isAllowedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  if (options.allowLoopback && isLoopback(address)) return true;
  const family = isIP(address);
  if (family === 4) {
    const value = v4ToNumber(address);
    return !BLOCKED_V4.some((range) => inV4Range(value, range));
  }
  if (family !== 6) return false;
  const value = v6ToBigInt(address);
  if (value >> 32n === V4_MAPPED || value >> 32n === V4_TRANSLATED) {
    return isAllowedAddress(v4FromLow32(value), { allowLoopback: false });
  }
  if (value >> 112n === SIX_TO_FOUR) return isAllowedAddress(v4FromLow32(value >> 80n), { allowLoopback: false });
  // IPv4-compatible ::a.b.c.d (deprecated) and everything else below 2000::/3 that is not mapped.
  if (value >> 32n === 0n) return false;
  return !BLOCKED_V6.some((range) => inV6Range(value, range));
}

/** Resolves a host to all its addresses (dns.lookup by default; tests pass a fake). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export class BlockedAddressError extends Error {
  constructor(readonly hostname: string) {
    super(`${hostname} does not resolve to a public address only`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * The addresses a host may be reached at: all of them, when every one is public; else a
 * BlockedAddressError (one private answer is enough to refuse: a name that points inside is not
 * a seller's public endpoint). An IP literal is checked as it is.
 */
export async function resolveAllowed(
  hostname: string,
  options: { allowLoopback?: boolean; resolve?: Resolver } = {},
): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await (options.resolve ?? systemResolver)(host);
  if (addresses.length === 0 || !addresses.every((entry) => isAllowedAddress(entry.address, options))) {
    throw new BlockedAddressError(host);
  }
  return addresses;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http(s).request` / `net.connect`: resolves through `resolveAllowed`, so the
 * socket connects only to an address that passed the check, answering in the shape Node asks for
 * (one address, or all of them when it tries several families).
 */
export function checkedLookup(options: { allowLoopback?: boolean; resolve?: Resolver } = {}) {
  return (hostname: string, lookupOptions: { all?: boolean }, callback: LookupCallback): void => {
    resolveAllowed(hostname, options).then(
      (addresses) => {
        if (lookupOptions.all) callback(null, addresses);
        else {
          const [first] = addresses as [LookupAddress];
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, ''),
    );
  };
}
