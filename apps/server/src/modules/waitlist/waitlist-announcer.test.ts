import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailOutbox, products, waitlistDealAnnouncements, waitlistEntries } from '@everdeal/db';
import { createCategory, createProduct } from '@everdeal/db/seed';
import { and, eq, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findMailFiles, uniqueEmail } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { mailHeaders, mailHtml, oneClickUnsubscribeOf } from '../../../test/mail';
import { createMailer, type Mailer } from '../../lib/mailer';
import { createOutbox, retryDelayMs } from '../mail';
import { type AnnouncerDeps, addWaitlistMailRenderers, runWaitlistAnnouncements } from './waitlist-announcer';

const PUBLIC_URL = 'https://everdeal.example';
const brand = { publicUrl: PUBLIC_URL, supportEmail: 'support@everdeal.example' };
let clock = new Date('2030-04-01T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  // The app's own job took the baseline at start (an empty catalogue) and never runs by itself:
  // each test runs it by hand.
  t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

// Each test starts with an empty waitlist and nothing left to announce, so it counts its own mails.
beforeEach(async () => {
  await t.db.delete(waitlistEntries);
  await t.db
    .update(waitlistDealAnnouncements)
    .set({ finishedAt: clock })
    .where(sql`${waitlistDealAnnouncements.finishedAt} is null`);
  clock = new Date(clock.getTime() + 60_000);
});

/** The job's deps, with an outbox of its own that sends through `mailer` (by default, to files). */
function deps(overrides: Partial<AnnouncerDeps> & { mailer?: Mailer; db?: AnnouncerDeps['db'] } = {}): AnnouncerDeps {
  const { mailer: given, ...rest } = overrides;
  const mailer =
    given ??
    createMailer({ smtpUrl: undefined, from: 'Everdeal <x@everdeal.example>', dataDir: t.dataDir, log: t.app.log });
  const db = rest.db ?? t.db;
  const outbox = createOutbox({ db, mailer, now: () => clock, log: t.app.log });
  addWaitlistMailRenderers(outbox, { db, brand, now: () => clock });
  return { db, now: () => clock, outbox, brand, log: t.app.log, ...rest };
}

/** One run of the job, and the deliveries it started (the outbox sends after the batch commits). */
async function announce(jobDeps: AnnouncerDeps = deps()) {
  const run = await runWaitlistAnnouncements(jobDeps);
  await jobDeps.outbox.flush();
  return run;
}

async function joinWaitlist(email: string, interests: string[] = []) {
  const { status, body } = await callApi(t.app, 'waitlist/join', { email, interests });
  expect(status, JSON.stringify(body)).toBe(200);
}

const dealMails = (email: string, productName: string) =>
  findMailFiles(t.dataDir, email, new RegExp(`Subject: New on Everdeal: ${productName} is live`));

/** The outbox rows of a deal's announcement (decision 029), one per entry. */
async function deliveriesOf(productId: number) {
  return t.db
    .select({ email: mailOutbox.toAddress, status: mailOutbox.status, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(like(mailOutbox.key, `waitlist-deal:${productId}:%`))
    .orderBy(mailOutbox.toAddress);
}

describe('announcing live deals', () => {
  it('mails the entries interested in the category, or in every category, once per deal', async () => {
    const writing = await createCategory(t.db, { name: 'Writing' });
    const image = await createCategory(t.db, { name: 'Image' });
    const [fan, anything, other, gone] = ['fan', 'any', 'other', 'gone'].map((name) => uniqueEmail(name));
    if (!fan || !anything || !other || !gone) throw new Error('no addresses');
    await joinWaitlist(fan, [writing.slug]);
    await joinWaitlist(anything);
    await joinWaitlist(other, [image.slug]);
    await joinWaitlist(gone, [writing.slug]);
    await t.db.update(waitlistEntries).set({ unsubscribedAt: clock }).where(eq(waitlistEntries.email, gone));

    clock = new Date(clock.getTime() + 60_000);
    const deal = await createProduct(t.db, {
      name: 'Inkwell Pro',
      tagline: 'Essays that sound like you',
      categoryId: writing.id,
      endsAt: new Date('2030-05-01T12:00:00Z'),
    });
    const run = await announce();
    expect(run).toEqual({ detected: 1, queued: 2 });
    expect(dealMails(fan, 'Inkwell Pro')).toHaveLength(1);
    expect(dealMails(anything, 'Inkwell Pro')).toHaveLength(1);
    expect(dealMails(other, 'Inkwell Pro')).toHaveLength(0);
    expect(dealMails(gone, 'Inkwell Pro')).toHaveLength(0);
    expect((await deliveriesOf(deal.id)).map((row) => [row.email, row.status, row.attempts])).toEqual(
      [
        [fan, 'sent', 1],
        [anything, 'sent', 1],
      ].sort(),
    );

    // Never twice: more runs send nothing more.
    expect(await announce()).toEqual({ detected: 0, queued: 0 });
    expect(await announce()).toEqual({ detected: 0, queued: 0 });
    expect(dealMails(fan, 'Inkwell Pro')).toHaveLength(1);

    const raw = dealMails(fan, 'Inkwell Pro')[0] ?? '';
    const html = mailHtml(raw);
    expect(html).toContain('Inkwell Pro just went live in Writing: Essays that sound like you.');
    expect(html).toContain('Plans start at $59 instead of $295.');
    expect(html).toContain('The deal ends on May 1, 2030 (UTC).');
    expect(html).toContain(`href="${PUBLIC_URL}/products/${deal.slug}"`);
    expect(mailHeaders(raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The deal mail's own one-click link works.
    const { url } = oneClickUnsubscribeOf(raw);
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, fan));
    expect(entry?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('leaves out upcoming, unpublished, ended and sold-out deals until they are live', async () => {
    const category = await createCategory(t.db, { name: 'Voice' });
    const email = uniqueEmail('picky');
    await joinWaitlist(email, [category.slug]);
    clock = new Date(clock.getTime() + 60_000);
    const upcoming = await createProduct(t.db, { name: 'Soon Voice', categoryId: category.id, dealStatus: 'upcoming' });
    await createProduct(t.db, { name: 'Hidden Voice', categoryId: category.id, isPublished: false });
    await createProduct(t.db, { name: 'Past Voice', categoryId: category.id, endsAt: new Date(clock.getTime() - 1) });
    await createProduct(t.db, { name: 'Empty Voice', categoryId: category.id, plans: [{ codes: 0 }] });
    expect(await announce()).toEqual({ detected: 0, queued: 0 });

    await t.db.update(products).set({ dealStatus: 'live' }).where(eq(products.id, upcoming.id));
    expect(await announce()).toEqual({ detected: 1, queued: 1 });
    expect(dealMails(email, 'Soon Voice')).toHaveLength(1);
    for (const name of ['Hidden Voice', 'Past Voice', 'Empty Voice']) expect(dealMails(email, name)).toHaveLength(0);
  });

  it('an address that joins after a deal went live hears of the next deal, not that one', async () => {
    const category = await createCategory(t.db, { name: 'Video' });
    await createProduct(t.db, { name: 'Early Reel', categoryId: category.id });
    await announce();
    clock = new Date(clock.getTime() + 60_000);
    const late = uniqueEmail('late');
    await joinWaitlist(late, [category.slug]);
    expect((await announce()).queued).toBe(0);
    clock = new Date(clock.getTime() + 60_000);
    await createProduct(t.db, { name: 'Later Reel', categoryId: category.id });
    expect((await announce()).queued).toBe(1);
    expect(dealMails(late, 'Early Reel')).toHaveLength(0);
    expect(dealMails(late, 'Later Reel')).toHaveLength(1);
  });

  it('sends in batches over several runs, then records the deal as finished', async () => {
    const category = await createCategory(t.db);
    const emails = Array.from({ length: 5 }, () => uniqueEmail('batch'));
    for (const email of emails) await joinWaitlist(email, [category.slug]);
    clock = new Date(clock.getTime() + 60_000);
    const deal = await createProduct(t.db, { name: 'Batch Deal', categoryId: category.id });
    const small = deps({ batchSize: 2, maxBatches: 1 });
    expect((await announce(small)).queued).toBe(2);
    expect((await announce(small)).queued).toBe(2);
    expect((await announce(small)).queued).toBe(1);
    const [open] = await t.db
      .select()
      .from(waitlistDealAnnouncements)
      .where(eq(waitlistDealAnnouncements.productId, deal.id));
    expect(open?.finishedAt).toBeNull();
    expect((await announce(small)).queued).toBe(0);
    const [done] = await t.db
      .select()
      .from(waitlistDealAnnouncements)
      .where(eq(waitlistDealAnnouncements.productId, deal.id));
    expect(done?.finishedAt).toEqual(clock);
    for (const email of emails) expect(dealMails(email, 'Batch Deal')).toHaveLength(1);
  });

  it('stops announcing a deal that is no longer live', async () => {
    const category = await createCategory(t.db);
    const emails = [uniqueEmail('first'), uniqueEmail('second')];
    for (const email of emails) await joinWaitlist(email, [category.slug]);
    clock = new Date(clock.getTime() + 60_000);
    const deal = await createProduct(t.db, { name: 'Brief Deal', categoryId: category.id });
    const one = deps({ batchSize: 1, maxBatches: 1 });
    expect((await announce(one)).queued).toBe(1);
    await t.db.update(products).set({ dealStatus: 'ended' }).where(eq(products.id, deal.id));
    expect((await announce(one)).queued).toBe(0);
    const [announcement] = await t.db
      .select()
      .from(waitlistDealAnnouncements)
      .where(eq(waitlistDealAnnouncements.productId, deal.id));
    expect(announcement?.finishedAt).toEqual(clock);
    // One of the two heard of it before it ended; the other never will.
    expect(emails.map((email) => dealMails(email, 'Brief Deal').length).sort()).toEqual([0, 1]);
  });
});

describe('failed deliveries', () => {
  /** A real SMTP server that refuses the recipients in `refuse`. */
  let smtp: SMTPServer;
  let port = 0;
  const refuse = new Set<string>();
  const delivered: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address)) callback(new Error('550 mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('are the outbox’s to retry: a refused mail stays queued and goes out once after the backoff, never twice', async () => {
    const category = await createCategory(t.db);
    const flaky = uniqueEmail('flaky');
    const fine = uniqueEmail('fine');
    const leaving = uniqueEmail('leaving');
    for (const email of [flaky, fine, leaving]) await joinWaitlist(email, [category.slug]);
    refuse.add(flaky);
    refuse.add(leaving);
    clock = new Date(clock.getTime() + 60_000);
    const deal = await createProduct(t.db, { categoryId: category.id });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@everdeal.example',
      dataDir: t.dataDir,
      log: t.app.log,
    });
    const viaSmtp = deps({ mailer });
    const later = (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    };
    try {
      expect(await announce(viaSmtp)).toEqual({ detected: 1, queued: 3 });
      const byEmail = async () =>
        new Map((await deliveriesOf(deal.id)).map((row) => [row.email, [row.status, row.attempts]]));
      expect(await byEmail()).toEqual(
        new Map([
          [fine, ['sent', 1]],
          [flaky, ['pending', 1]],
          [leaving, ['pending', 1]],
        ]),
      );
      // One of the refused addresses leaves the list before the retry: it gets nothing more.
      await t.db.update(waitlistEntries).set({ unsubscribedAt: clock }).where(eq(waitlistEntries.email, leaving));
      refuse.delete(leaving);
      // Later runs of the announcer queue nothing more; the mail-delivery job's round does not
      // retry before the backoff, and once the server accepts, the mail goes out once.
      expect(await announce(viaSmtp)).toEqual({ detected: 0, queued: 0 });
      refuse.delete(flaky);
      later(retryDelayMs(1) - 1_000);
      expect((await viaSmtp.outbox.deliverDue()).sent).toBe(0);
      later(1_000);
      expect(await viaSmtp.outbox.deliverDue()).toMatchObject({ sent: 1, skipped: 1 });
      expect((await viaSmtp.outbox.deliverDue()).sent).toBe(0);
      expect(await byEmail()).toEqual(
        new Map([
          [fine, ['sent', 1]],
          [flaky, ['sent', 2]],
          [leaving, ['skipped', 2]],
        ]),
      );
    } finally {
      mailer.close();
    }
    expect(delivered.filter((address) => address === flaky)).toHaveLength(1);
    expect(delivered.filter((address) => address === fine)).toHaveLength(1);
    expect(delivered.filter((address) => address === leaving)).toHaveLength(0);
  });
});

describe('the first run on a database', () => {
  it('records the deals already live without announcing them; later ones are announced', async () => {
    const fresh = await createTestDatabase();
    const mailDir = mkdtempSync(join(tmpdir(), 'everdeal-waitlist-first-run-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'x@everdeal.example', dataDir: mailDir, log: t.app.log });
      const freshDeps = deps({ db: fresh.db, mailer });
      const old = await createProduct(fresh.db, { name: 'Old Deal' });
      const email = uniqueEmail('early');
      await fresh.db
        .insert(waitlistEntries)
        .values({ email, emailKey: email, createdAt: new Date(clock.getTime() - 1000) });
      expect(await announce(freshDeps)).toEqual({ detected: 0, queued: 0 });
      const [baseline] = await fresh.db
        .select()
        .from(waitlistDealAnnouncements)
        .where(and(eq(waitlistDealAnnouncements.productId, old.id), eq(waitlistDealAnnouncements.announce, false)));
      expect(baseline).toBeDefined();

      clock = new Date(clock.getTime() + 60_000);
      await createProduct(fresh.db, { name: 'New Deal' });
      expect(await announce(freshDeps)).toEqual({ detected: 1, queued: 1 });
      expect(findMailFiles(mailDir, email, /New on Everdeal: New Deal is live/)).toHaveLength(1);
      expect(findMailFiles(mailDir, email, /Old Deal/)).toHaveLength(0);
    } finally {
      await fresh.close();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
});

// PGlite has one connection, so runs queue and cannot race: this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('three runs at once share the work and mail each entry exactly once', async () => {
    const category = await createCategory(t.db);
    const emails = Array.from({ length: 150 }, () => uniqueEmail('crowd'));
    await t.db
      .insert(waitlistEntries)
      .values(
        emails.map((email) => ({ email, emailKey: email, interestCategoryIds: [category.id], createdAt: clock })),
      );
    clock = new Date(clock.getTime() + 60_000);
    const deal = await createProduct(t.db, { name: 'Crowd Deal', categoryId: category.id });
    const runs = await Promise.all([1, 2, 3].map(() => announce(deps({ batchSize: 10, maxBatches: 100 }))));
    expect(runs.reduce((sum, run) => sum + run.detected, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(150);
    const rows = await deliveriesOf(deal.id);
    expect(rows).toHaveLength(150);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    for (const email of emails) expect(dealMails(email, 'Crowd Deal'), email).toHaveLength(1);
  });
});
