import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

// Without SMTP each mail becomes a file, written whole under a `.part` name and then renamed to
// `.eml` (mailer.ts): whoever reads the folder, the tests or a developer's mail viewer, finds a
// mail whole or not at all, never its headers without its body (a gift test once read the
// subject before the claim link was written).

/** Lines enough that a mail's file takes several writes (Node writes a file 512 KiB at a time). */
const BODY_LINES = 40_000;
const lastLine = (n: number) => `The last line of mail ${n}.`;

function longMail(n: number) {
  const lines = Array.from({ length: BODY_LINES }, (_, i) => `Line ${String(i).padStart(6, '0')} of mail ${n}.`);
  const text = [...lines, lastLine(n)].join('\n');
  return {
    to: `reader${n}@example.com`,
    subject: `Long mail ${n}`,
    text,
    html: `<p>${[...lines, lastLine(n)].join('<br>\n')}</p>`,
  };
}

/**
 * A reader in another thread, so it truly runs while the mailer writes: it lists the folder and
 * reads every `.eml` again and again until told to stop, and reports each distinct size it read
 * of each file.
 */
const READER = `
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const stop = new Int32Array(workerData.stop);
const sizes = new Map();
let reads = 0;
function pass() {
  for (const name of readdirSync(workerData.folder)) {
    if (!name.endsWith('.eml')) continue;
    let bytes;
    try {
      bytes = readFileSync(join(workerData.folder, name)).length;
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    reads += 1;
    const seen = sizes.get(name) ?? new Set();
    seen.add(bytes);
    sizes.set(name, seen);
  }
}
parentPort.postMessage('reading');
while (Atomics.load(stop, 0) === 0) pass();
pass();
parentPort.postMessage({ reads, sizes: [...sizes].map(([name, seen]) => [name, [...seen]]) });
`;

type ReaderReport = { reads: number; sizes: [string, number[]][] };

/** Resolves once the reader reads the folder in a loop, so it runs before the first mail is written. */
async function startReader(folder: string) {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(READER, { eval: true, workerData: { folder, stop } });
  // `once` rejects if the worker fails instead.
  expect(await once(worker, 'message')).toEqual(['reading']);
  const report = once(worker, 'message') as Promise<[ReaderReport]>;
  return {
    async finish(): Promise<ReaderReport> {
      Atomics.store(new Int32Array(stop), 0, 1);
      const [answer] = await report;
      await worker.terminate();
      return answer;
    },
  };
}

let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function fileMailer() {
  dataDir = mkdtempSync(join(tmpdir(), 'everdeal-mail-files-'));
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Everdeal <no-reply@everdeal.local>',
    dataDir,
    log: pino({ level: 'silent' }),
  });
  return { mailer, folder: join(dataDir, 'mail') };
}

describe('mail files (no SMTP)', () => {
  it('leaves each mail whole in its .eml, headers and body to the last line, and no .part file', async () => {
    const { mailer, folder } = fileMailer();
    await mailer.send(longMail(1));
    const names = readdirSync(folder);
    expect(names.filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/-long-mail-1-[0-9a-f]{6}\.eml$/);
    const raw = readFileSync(join(folder, names[0] ?? ''), 'utf8');
    expect(raw).toContain('To: reader1@example.com');
    expect(raw).toContain('Subject: Long mail 1');
    expect(raw).toContain('Line 000000 of mail 1.');
    expect(raw).toContain(lastLine(1));
  });

  it('never shows a reader of the folder an .eml without all of its body, even while mails are written', async () => {
    const { mailer, folder } = fileMailer();
    // The folder exists before the first mail, so the reader watches it from the start.
    mkdirSync(folder, { recursive: true });
    const reader = await startReader(folder);
    const mails = Array.from({ length: 12 }, (_, i) => longMail(i + 1));
    // The reader stops only once every send has settled, whether it was written or failed.
    const sent = await Promise.allSettled(mails.map((mail) => mailer.send(mail)));
    const report = await reader.finish();
    expect(sent.filter((result) => result.status === 'rejected')).toEqual([]);

    const names = readdirSync(folder);
    expect(names.filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(names).toHaveLength(mails.length);
    for (const [i, name] of names.sort().entries()) {
      // Sorted as sent: the name is fixed when `send` is called.
      expect(readFileSync(join(folder, name), 'utf8')).toContain(lastLine(i + 1));
    }

    // The reader did read the mails (a reader that saw nothing would prove nothing) ...
    expect(report.reads).toBeGreaterThan(0);
    expect(report.sizes.length).toBeGreaterThan(0);
    // ... and every read of an .eml was the whole file, never a file still being written.
    const partial = report.sizes.flatMap(([name, sizes]) => {
      const whole = statSync(join(folder, name)).size;
      return sizes.filter((bytes) => bytes !== whole).map((bytes) => ({ name, bytesRead: bytes, bytesWhole: whole }));
    });
    expect(partial).toEqual([]);
  });
});
