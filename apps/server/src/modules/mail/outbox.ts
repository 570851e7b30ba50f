/**
 * The mail outbox (decision 029). A mail is a row written in the transaction of the change that
 * causes it (`queueMail`); delivery claims rows, sends them and records the outcome, with
 * retries on an exponential backoff and a final `failed` state an admin can retry. A request
 * that queued mail asks for it to go out at once (`deliver`); the `mail-delivery` job sends what
 * is due (retries, mail of a crashed instance, mail queued by SQL or by another instance).
 */
import { type Db, mailOutbox, type Tx } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { preparedStatement } from '../../lib/prepared';

/** One mail to queue. */
export type QueuedMail = {
  /**
   * The event and the recipient, e.g. `receipt:<orderId>` or `password-reset:<tokenId>`: a second
   * mail with the same key is never queued, so one event mails one person once.
   */
  key: string;
  /** What kind of mail it is (`receipt`, `password-reset`, …): its renderer, its label in /metrics and the admin list. */
  kind: string;
  to: string;
  userId?: string | null;
} & (
  | { message: MailMessage; payload?: undefined }
  /** Rendered at delivery by the renderer of its kind (e.g. from the order it names). */
  | { payload: unknown; message?: undefined }
);

/**
 * Turns a queued payload into the mail, at delivery time; `null` when there is nothing left to
 * say (the row becomes `skipped`), e.g. the person opted out after it was queued.
 */
export type MailRenderer = (
  payload: unknown,
  recipient: { to: string; userId: string | null },
) => Promise<MailMessage | null>;

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * A claimed row is someone's for this long; then another instance may take it (its sender
 * crashed). The default of `MAIL_DELIVERY_LEASE_SECONDS` (plugins/config.ts).
 */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** Attempts before a mail is `failed` and waits for an admin: the last comes about 17 hours after the first. */
export const MAX_DELIVERY_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 4 * 60 * 60_000;
const DELIVERY_BATCH = 50;

/** The wait after failed attempt number `attempts` (1 = the first): 30 s, 1 min, 2 min, … at most 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues mail in `executor`'s transaction (or alone on the pool). Answers the ids of the rows it
 * wrote: none for a key already queued. Hand them to `Outbox.deliver` once the transaction has
 * committed.
 */
export async function queueMail(executor: Db | Tx, mails: readonly QueuedMail[], at: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await executor
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        key: mail.key,
        kind: mail.kind,
        toAddress: mail.to,
        userId: mail.userId ?? null,
        subject: mail.message?.subject ?? null,
        message: mail.message ?? null,
        payload: mail.payload ?? null,
        nextAttemptAt: at,
        createdAt: at,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.key })
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

export type OutboxDeps = {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How long a claim lasts (`DELIVERY_LEASE_MS` unless said). */
  leaseMs?: number;
  onDelivery?: (kind: string, outcome: DeliveryOutcome) => void;
};

export type Outbox = {
  /** Registers how mail of `kind` queued with a payload is rendered (wired in app.ts). */
  addRenderer(kind: string, render: MailRenderer): void;
  /**
   * Tries to send these freshly queued rows now, in the background (the answer never waits for
   * SMTP). A row another instance claimed, or one already sent, is left alone. `rendered` may
   * hold the message of a payload row that the caller has at hand (checkout has the order it
   * just paid for), so it is not read back to render it; a later attempt uses the renderer.
   */
  deliver(ids: readonly string[], rendered?: ReadonlyMap<string, MailMessage>): void;
  /** Queues mail that is a change of its own (nothing else to commit with it) and delivers it. */
  send(mails: readonly QueuedMail[]): Promise<void>;
  /** The job's round: claims what is due (new, retries, expired claims) and sends it. */
  deliverDue(): Promise<Record<DeliveryOutcome, number>>;
  /** Waits for the deliveries in flight (on close, and in tests). */
  flush(): Promise<void>;
};

type ClaimedRow = {
  id: string;
  kind: string;
  toAddress: string;
  userId: string | null;
  message: unknown;
  payload: unknown;
  attempts: number;
};

/*
 * The delivery's statements, raw and prepared once (lib/prepared.ts): every paid order sends two
 * of them, and the checkout benchmark's floor renders the very same SQL from these builders
 * (bench/checkout-floor.ts). Times go in as ISO text with an explicit type: the two drivers
 * encode JS dates differently.
 */
const P = sql.placeholder;

/**
 * Claims the rows `which` selects (each by one instance only: SKIP LOCKED, then a lease until
 * `lockedUntil`) and counts an attempt.
 */
function claimStatement(which: SQL, limit: unknown, lockedUntil: unknown): SQL {
  return sql`
    update ${mailOutbox} o
    set status = 'sending', attempts = o.attempts + 1, locked_until = ${lockedUntil}::timestamptz
    where o.id in (
      select id from ${mailOutbox} where ${which} order by next_attempt_at limit ${limit} for update skip locked
    )
    returning o.id, o.kind, o.to_address as "toAddress", o.user_id as "userId", o.message, o.payload, o.attempts`;
}

/** Rows a request just queued (`ids`, an array of uuids), if nobody took them and they are due. */
export function claimQueuedStatement(ids: unknown, now: unknown, limit: unknown, lockedUntil: unknown): SQL {
  return claimStatement(
    sql`id = any(${ids}::uuid[]) and status = 'pending' and next_attempt_at <= ${now}::timestamptz`,
    limit,
    lockedUntil,
  );
}

/** Due now: pending rows whose time has come, and claims whose sender did not finish in its lease. */
function claimDueStatement(now: unknown, limit: unknown, lockedUntil: unknown): SQL {
  return claimStatement(
    sql`(status = 'pending' and next_attempt_at <= ${now}::timestamptz)
      or (status = 'sending' and locked_until is not null and locked_until <= ${now}::timestamptz)`,
    limit,
    lockedUntil,
  );
}

/**
 * Records an attempt's outcome, only while the row is still this attempt's: a sender that
 * outlived its lease does not overwrite the next one's outcome. A finished row (sent, skipped)
 * drops its message and error; a retry gets its next time.
 */
export function recordOutcomeStatement(v: {
  id: unknown;
  attempts: unknown;
  status: unknown;
  subject: unknown;
  sentAt: unknown;
  finished: unknown;
  lastError: unknown;
  nextAttemptAt: unknown;
}): SQL {
  return sql`
    update ${mailOutbox}
    set status = ${v.status}::mail_outbox_status, locked_until = null, subject = coalesce(${v.subject}::text, subject),
        sent_at = ${v.sentAt}::timestamptz, last_error = ${v.lastError}::text,
        message = case when ${v.finished}::boolean then null else message end,
        next_attempt_at = coalesce(${v.nextAttemptAt}::timestamptz, next_attempt_at)
    where id = ${v.id} and status = 'sending' and attempts = ${v.attempts}`;
}

const claimQueued = preparedStatement('outbox_claim_queued', () =>
  claimQueuedStatement(P('ids'), P('now'), P('limit'), P('lockedUntil')),
);
const claimDue = preparedStatement('outbox_claim_due', () => claimDueStatement(P('now'), P('limit'), P('lockedUntil')));
const recordOutcome = preparedStatement('outbox_record_outcome', () =>
  recordOutcomeStatement({
    id: P('id'),
    attempts: P('attempts'),
    status: P('status'),
    subject: P('subject'),
    sentAt: P('sentAt'),
    finished: P('finished'),
    lastError: P('lastError'),
    nextAttemptAt: P('nextAttemptAt'),
  }),
);

export function createOutbox(deps: OutboxDeps): Outbox {
  const renderers = new Map<string, MailRenderer>();
  const leaseMs = deps.leaseMs ?? DELIVERY_LEASE_MS;
  const inFlight = new Set<Promise<unknown>>();

  /** When a claim made now runs out. */
  const leaseEnd = () => new Date(deps.now().getTime() + leaseMs).toISOString();

  async function render(row: ClaimedRow, rendered?: MailMessage): Promise<MailMessage | null> {
    if (row.message) return row.message as MailMessage;
    if (rendered) return rendered;
    const renderer = renderers.get(row.kind);
    if (!renderer) throw new Error(`no renderer for mail of kind ${row.kind}`);
    return renderer(row.payload, { to: row.toAddress, userId: row.userId });
  }

  /** Sends one claimed row and records what became of it; never throws. */
  async function sendClaimed(row: ClaimedRow, rendered?: MailMessage): Promise<DeliveryOutcome> {
    let outcome: DeliveryOutcome;
    let subject: string | null = null;
    let error: unknown;
    try {
      const message = await render(row, rendered);
      if (message) {
        subject = message.subject;
        await deps.mailer.send({ ...message, to: row.toAddress });
        outcome = 'sent';
      } else outcome = 'skipped';
    } catch (caught) {
      error = caught;
      outcome = row.attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'retry';
    }
    const now = deps.now();
    const finished = outcome === 'sent' || outcome === 'skipped';
    try {
      await recordOutcome(deps.db, {
        id: row.id,
        attempts: row.attempts,
        status: outcome === 'retry' ? 'pending' : outcome,
        subject,
        sentAt: outcome === 'sent' ? now.toISOString() : null,
        finished,
        lastError: error ? describe(error) : null,
        nextAttemptAt: outcome === 'retry' ? new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString() : null,
      });
    } catch (recordError) {
      // The lease runs out and the row is tried again: at worst a second copy, never a lost mail.
      deps.log.error({ err: recordError, kind: row.kind }, 'mail outcome not recorded');
    }
    if (error) {
      deps.log.error(
        { err: error, kind: row.kind, attempts: row.attempts },
        outcome === 'failed' ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
    }
    deps.onDelivery?.(row.kind, outcome);
    return outcome;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  async function deliverNow(ids: readonly string[], rendered?: ReadonlyMap<string, MailMessage>): Promise<void> {
    const rows = await claimQueued<ClaimedRow>(deps.db, {
      ids: [...ids],
      now: deps.now().toISOString(),
      limit: ids.length,
      lockedUntil: leaseEnd(),
    });
    await Promise.all(rows.map((row) => sendClaimed(row, rendered?.get(row.id))));
  }

  const outbox: Outbox = {
    addRenderer(kind, render) {
      renderers.set(kind, render);
    },
    deliver(ids, rendered) {
      if (ids.length === 0) return;
      track(
        deliverNow(ids, rendered).catch((error: unknown) => {
          // Still queued: the delivery job sends it.
          deps.log.error({ err: error }, 'mail delivery could not start; the job will send it');
        }),
      );
    },
    async send(mails) {
      outbox.deliver(await queueMail(deps.db, mails, deps.now()));
    },
    async deliverDue() {
      const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0 };
      for (;;) {
        const rows = await claimDue<ClaimedRow>(deps.db, {
          now: deps.now().toISOString(),
          limit: DELIVERY_BATCH,
          lockedUntil: leaseEnd(),
        });
        const outcomes = await track(Promise.all(rows.map((row) => sendClaimed(row))));
        for (const outcome of outcomes) counts[outcome] += 1;
        if (rows.length < DELIVERY_BATCH) return counts;
      }
    },
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
  return outbox;
}

/** The error as the admin list shows it: the SMTP answer, not a stack. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
