import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { BlockedAddressError, checkedLookup, isAllowedAddress, type Resolver, resolveAllowed } from './address-filter';

// Decision 033 "No SSRF": the filter as a pure function over addresses, and the lookup with a fake
// resolver. Nothing here sends traffic.

const refused = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.8.9.10',
  '169.254.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '192.0.2.10',
  '198.18.0.1',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  'fe80::1',
  'fe80::1%eth0',
  'febf:ffff::1',
  'fc00::1',
  'fd00:ec2::254',
  'fdff:ffff::1',
  'ff02::1',
  '2001:db8::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:7f00:1',
  '::ffff:c0a8:101',
  '64:ff9b::a00:1',
  '64:ff9b::192.168.0.1',
  '2002:a00:1::1',
  '2002:7f00:1::',
  '::10.0.0.1',
  '::8.8.8.8',
  'not an address',
  'example.com',
  '',
];

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '169.253.255.255',
  '11.0.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('isAllowedAddress', () => {
  it.each(refused)('refuses %s', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
  });
  it.each(allowed)('allows %s', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });
  it('with WEBHOOKS_ALLOW_LOOPBACK admits loopback only, nothing else private', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(address, { allowLoopback: true }), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.169.254', '192.168.0.1', 'fd00:ec2::254', '0.0.0.0', '::']) {
      expect(isAllowedAddress(address, { allowLoopback: true }), address).toBe(false);
    }
  });
});

function fakeResolver(answers: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

describe('resolveAllowed and checkedLookup', () => {
  const resolve = fakeResolver({
    'hooks.example.com': ['93.184.215.14', '2606:4700:4700::1111'],
    'inside.example.com': ['10.1.2.3'],
    'mixed.example.com': ['93.184.215.14', '169.254.169.254'],
    'metadata.example.com': ['fd00:ec2::254'],
    'mapped.example.com': ['::ffff:192.168.0.1'],
  });

  it('answers every address of a public host', async () => {
    expect(await resolveAllowed('hooks.example.com', { resolve })).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  it.each(['inside.example.com', 'mixed.example.com', 'metadata.example.com', 'mapped.example.com', 'nx.example.com'])(
    'refuses %s',
    async (host) => {
      await expect(resolveAllowed(host, { resolve })).rejects.toBeInstanceOf(BlockedAddressError);
    },
  );

  it('checks an IP literal without resolving it, brackets and all', async () => {
    const before = resolve.calls.length;
    await expect(resolveAllowed('[::1]', { resolve })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowed('127.0.0.1', { resolve })).rejects.toBeInstanceOf(BlockedAddressError);
    expect(await resolveAllowed('127.0.0.1', { resolve, allowLoopback: true })).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    expect(resolve.calls.length).toBe(before);
  });

  it('hands the socket the address it checked, in both shapes Node asks for', async () => {
    const lookup = checkedLookup({ resolve });
    const one = await new Promise((done) =>
      lookup('hooks.example.com', {}, (error, address, family) => done({ error, address, family })),
    );
    expect(one).toEqual({ error: null, address: '93.184.215.14', family: 4 });
    const all = await new Promise((done) =>
      lookup('hooks.example.com', { all: true }, (error, address) => done({ error, address })),
    );
    expect(all).toEqual({ error: null, address: await resolveAllowed('hooks.example.com', { resolve }) });
  });

  it('fails the connection when a rebinding answer turns private', async () => {
    let answer = '93.184.215.14';
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }];
    const lookup = checkedLookup({ resolve: rebinding });
    // Checked when saved: public. Then the name points inside by the time we connect.
    expect(await resolveAllowed('rebind.example.com', { resolve: rebinding })).toHaveLength(1);
    answer = '127.0.0.1';
    const error = await new Promise((done) => lookup('rebind.example.com', {}, (caught) => done(caught)));
    expect(error).toBeInstanceOf(BlockedAddressError);
  });
});
