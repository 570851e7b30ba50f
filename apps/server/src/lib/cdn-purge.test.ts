import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createCdnPurge, purgeAddressProblem } from './cdn-purge';

const quiet = { info() {}, warn() {} };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('the CDN purge hook', () => {
  it('goes over https anywhere, plain http only on this host, never with credentials in the address', () => {
    for (const allowed of [
      'https://purge.example.com/hook',
      'http://127.0.0.1:9000/purge',
      'http://127.8.9.10/purge',
      'http://localhost:8080/',
      'http://[::1]:8080/',
    ]) {
      expect(purgeAddressProblem(allowed), allowed).toBeUndefined();
    }
    for (const refused of [
      'http://purge.example.com/hook',
      'http://10.0.0.5/purge',
      'http://127.0.0.1.evil.example/purge',
      'https://user:secret@purge.example.com/',
      'ftp://127.0.0.1/',
      'not a url',
    ]) {
      expect(purgeAddressProblem(refused), refused).toBeDefined();
    }
    expect(() => createCdnPurge({ url: 'http://purge.example.com/', log: quiet })).toThrow(/CDN_PURGE_URL/);
  });

  it('POSTs the tags of a burst of clears once, and a clear of everything as such (loopback only)', async () => {
    const bodies: unknown[] = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        bodies.push(JSON.parse(text));
        response.end('ok');
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    closers.push(() => new Promise((closed) => server.close(() => closed())));
    const { port } = server.address() as AddressInfo;
    const logged: unknown[] = [];
    const purge = createCdnPurge({
      url: `http://127.0.0.1:${port}/purge`,
      log: { info: (object) => logged.push(object), warn() {} },
      windowMs: 20,
    });
    purge.purge(['product:1', 'list:votes']);
    purge.purge(['product:1', 'product:2']);
    await purge.flush();
    purge.purge(undefined);
    await purge.flush();
    expect(bodies).toEqual([{ tags: ['product:1', 'list:votes', 'product:2'] }, { all: true }]);
    expect(logged).toEqual([
      { cacheTags: ['product:1', 'list:votes'] },
      { cacheTags: ['product:1', 'product:2'] },
      { cacheTags: 'all' },
    ]);
  });
});
