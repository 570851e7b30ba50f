/**
 * Every background job of the server, in one place (docs/architecture.md "Background jobs"):
 * what it does, how often, what happens at start, and whether several instances may run it at
 * once. `run-jobs.ts` starts them on the instances whose ROLE is `all` or `worker` (decision 034).
 */
import { type CommissionDeps, runCommissionRound } from '../modules/affiliates';
import { refreshTrendingScores } from '../modules/catalog';
import { sendWishlistAlerts } from '../modules/favorites';
import { deleteFinishedMail, type Outbox } from '../modules/mail';
import type { CheckoutDeps } from '../modules/orders';
import { RECONCILE_INTERVAL_MS, reconcilePayments, renewalRounds, sendRefundReminders } from '../modules/orders';
import { type PayoutsDeps, runPayoutRound } from '../modules/payouts';
import { type PromiseDeps, runProtectionRound } from '../modules/promise';
import { deleteSpentCredentials } from '../modules/users';
import { type AnnouncerDeps, detectLiveDeals, runWaitlistAnnouncements } from '../modules/waitlist';
import { deleteFinishedWebhookRows, type WebhooksDeps } from '../modules/webhooks';
import type { JobOutcome } from './periodic-job';

export type JobName =
  | 'trending'
  | 'waitlist-announcements'
  | 'payments-reconciliation'
  | 'subscription-renewals'
  | 'affiliate-commissions'
  | 'mail-delivery'
  | 'refund-reminders'
  | 'wishlist-alerts'
  | 'lifetime-protection'
  | 'spent-credentials'
  | 'finished-rows'
  | 'seller-payouts'
  | 'webhook-delivery';

export type JobDeclaration = {
  /** Also its label in /metrics (`everdeal_job_runs_total{job}`) and its log lines. */
  name: JobName;
  /** What one round does, for the people reading this file and the start log line. */
  does: string;
  everyMs: number;
  /**
   * `before-ready`: the first round runs before the server answers (awaited); `at-start`: the
   * first round begins at start, not awaited (a slow provider must not hold the server back);
   * `after-interval`: the first round comes one interval after start.
   */
  firstRound: 'before-ready' | 'at-start' | 'after-interval';
  /** Work awaited before the server answers, ahead of any round (the waitlist's baseline). */
  prepare?: () => Promise<void>;
  /**
   * `together`: every instance may run a round at the same moment (rows are claimed with
   * SKIP LOCKED or guarded by their state); `one-at-a-time`: an advisory lock lets one instance
   * run it, the others answer `skipped` for that round.
   */
  onSeveralInstances: 'together' | 'one-at-a-time';
  round: () => Promise<JobOutcome>;
};

/** The parts of the store's services (app.ts) the jobs' rounds use. */
export type JobDeps = CheckoutDeps &
  AnnouncerDeps &
  CommissionDeps &
  PromiseDeps &
  PayoutsDeps &
  WebhooksDeps & { outbox: Outbox };

const MINUTE_MS = 60_000;
const ok = (work: () => Promise<unknown>) => async (): Promise<JobOutcome> => {
  await work();
  return 'ok';
};

export function jobSchedule(deps: JobDeps): JobDeclaration[] {
  return [
    {
      name: 'trending',
      does: 'recomputes every product trending score and deal health (decision 003, decision 011)',
      everyMs: 10 * MINUTE_MS,
      // The first page served is already ranked.
      firstRound: 'before-ready',
      onSeveralInstances: 'one-at-a-time',
      round: async () => ((await refreshTrendingScores(deps.db, deps.now(), deps.catalogChanged)) ? 'ok' : 'skipped'),
    },
    {
      name: 'waitlist-announcements',
      does: 'mails the waitlist about deals that went live, retrying failed sends (decision 009)',
      everyMs: MINUTE_MS,
      // Deals live before the first run on a database are the baseline, never announced.
      prepare: async () => {
        await detectLiveDeals(deps.db, deps.now());
      },
      firstRound: 'after-interval',
      onSeveralInstances: 'together',
      round: ok(() => runWaitlistAnnouncements(deps)),
    },
    {
      name: 'payments-reconciliation',
      does: 'finishes or reverses payments a crash or 3-D Secure left pending (decision 007)',
      // Orders store their next check as "now + this interval" (orders/reconcile.ts).
      everyMs: RECONCILE_INTERVAL_MS,
      firstRound: 'at-start',
      onSeveralInstances: 'together',
      round: ok(() => reconcilePayments(deps)),
    },
    {
      name: 'subscription-renewals',
      does: 'charges due renewals on current facts; finishes refunds and plan changes left pending (decisions 010, 020)',
      everyMs: MINUTE_MS,
      firstRound: 'at-start',
      onSeveralInstances: 'together',
      round: ok(renewalRounds(deps)),
    },
    {
      name: 'affiliate-commissions',
      does: 'accrues commissions of paid orders, approves them after the refund window, reverses refunded ones (decision 012)',
      everyMs: MINUTE_MS,
      firstRound: 'at-start',
      onSeveralInstances: 'together',
      round: ok(() => runCommissionRound(deps)),
    },
    {
      name: 'mail-delivery',
      does: 'sends outbox mail that is due: retries on a backoff, mail a crash or an outage left behind (decision 029)',
      // Mail is delivered when it is queued; this round is the safety net, and the first retry
      // waits 30 s, so a shorter interval would find nothing more.
      everyMs: 15_000,
      firstRound: 'at-start',
      onSeveralInstances: 'together',
      round: ok(() => deps.outbox.deliverDue()),
    },
    {
      name: 'refund-reminders',
      does: "queues the reminders 7 days and 1 day before an item's refund deadline (decision 029, decision 029)",
      // Reminders are days ahead: ten minutes late is on time.
      everyMs: 10 * MINUTE_MS,
      firstRound: 'at-start',
      // Each mail's outbox key is unique: a second instance's round queues nothing twice.
      onSeveralInstances: 'together',
      round: ok(() => sendRefundReminders(deps)),
    },
    {
      name: 'wishlist-alerts',
      does: 'records deals ending within 48 hours and sends each person their one wishlist mail of the day (decision 029)',
      // The first alert of a person's day goes out within a minute of its event (decision 029).
      everyMs: 30_000,
      firstRound: 'at-start',
      // The day's mail has one outbox key per person and its events are locked (SKIP LOCKED) and
      // marked in the transaction that queues it: two rounds at once queue one mail.
      onSeveralInstances: 'together',
      round: ok(() => sendWishlistAlerts(deps)),
    },
    {
      name: 'lifetime-protection',
      does: 'pays the lifetime promise: store credit for each active item of a deal whose end has come, funded by its seller (decision 031)',
      // A sunset's date is announced 90 days ahead: a few minutes late is on time.
      everyMs: 5 * MINUTE_MS,
      firstRound: 'at-start',
      // Each buyer's items are locked and each item's credit has a unique ledger key (promise/protection.ts).
      onSeveralInstances: 'together',
      round: ok(() => runProtectionRound(deps)),
    },
    {
      name: 'spent-credentials',
      does: 'deletes sessions and reset, sign-in and e-mail links that ended over a week ago (users/spent-credentials.ts)',
      everyMs: 60 * MINUTE_MS,
      firstRound: 'after-interval',
      // Two instances deleting at once: the second waits on the rows the first deletes, then finds
      // them gone and deletes nothing twice.
      onSeveralInstances: 'together',
      round: ok(() => deleteSpentCredentials(deps.db, deps.now())),
    },
    {
      name: 'finished-rows',
      does: 'deletes mail sent over 90 days ago and webhook deliveries finished over 30 days ago; erases kept webhook secrets whose hours are over (decision 047)',
      everyMs: 60 * MINUTE_MS,
      firstRound: 'after-interval',
      // Deleted in batches by id, as spent credentials are: a second instance finds the rows gone.
      onSeveralInstances: 'together',
      // One failing does not hold the other back; the round reports the first error.
      round: ok(async () => {
        const now = deps.now();
        const [mail, webhooks] = await Promise.allSettled([
          deleteFinishedMail(deps.db, now),
          deleteFinishedWebhookRows(deps.db, now),
        ]);
        for (const outcome of [mail, webhooks]) if (outcome.status === 'rejected') throw outcome.reason;
      }),
    },
    {
      name: 'seller-payouts',
      does: "transfers each ready seller's payable balance of the previous UTC month (at least $50, else carried over) and retries transfers left pending (decision 036)",
      // Monthly in effect: each round pays the previous calendar month, once per seller (a
      // unique key), so the first round after 00:00 UTC on the 1st pays everyone ready and the
      // later ones pay a seller who became ready meanwhile, retry what a crash or an outage left
      // pending (same key), and refused transfers a day later (next key).
      everyMs: 15 * MINUTE_MS,
      firstRound: 'at-start',
      // Each period's row is unique per seller and pending rows are claimed with SKIP LOCKED and
      // a lease (payouts/transfer-round.ts): rounds on several instances make one transfer.
      onSeveralInstances: 'together',
      round: ok(() => runPayoutRound(deps)),
    },
    {
      name: 'webhook-delivery',
      does: "sends sellers' webhook events that are due: new ones, retries on a backoff for 3 days, claims a crash left (decision 033)",
      // Events from a change (a refund, a sunset) wait for this round: within 15 s is at once for a
      // seller's app, and no job spins faster (a test event and a redelivery are sent by the request).
      everyMs: 15_000,
      firstRound: 'at-start',
      // Deliveries are claimed with SKIP LOCKED and a lease; an outcome is written only while the claim is ours.
      onSeveralInstances: 'together',
      round: ok(() => deps.webhooks.delivery.deliverDue()),
    },
  ];
}
