import { randomBytes } from 'node:crypto';
import { CardMessage, cardBrand, isCardExpired, PaymentMessage } from '@everdeal/contracts';
import { type Db, type SandboxLedgerRow, sandboxCards, sandboxLedger } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';
import {
  CardRefusedError,
  type PaymentFailureCode,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  paymentStepKey,
  type RefundOutcome,
} from './provider';

/**
 * Requirements §11's test cards, as Stripe's test mode has them (decision 007): Stripe checks a
 * card when it is saved, so 4000 0000 0000 0002 is refused there and never saved; 0341 is saved
 * and declined when charged, 9995 charged with insufficient funds. Every other number that passes
 * the entry checks is charged successfully (like a provider's test mode, nothing moves).
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  /** Declined when it is saved (Stripe: attaching it fails with card_declined). */
  declinedOnSave: '4000000000000002',
  /** Saved, then declined when charged (Stripe's "attaches, charges fail" card). */
  declined: '4000000000000341',
  insufficientFunds: '4000000000009995',
} as const;

const failureMessages: Record<PaymentFailureCode, string> = {
  card_declined: PaymentMessage.cardDeclined,
  insufficient_funds: PaymentMessage.insufficientFunds,
  expired_card: PaymentMessage.cardExpired,
  payment_method_unusable: PaymentMessage.paymentMethodUnusable,
};

function isFailureCode(code: string | null): code is PaymentFailureCode {
  return code !== null && code in failureMessages;
}

function outcomeOf(row: SandboxLedgerRow): PaymentOutcome {
  if (row.status === 'succeeded') return { status: 'succeeded', reference: row.id };
  if (row.status === 'canceled') return { status: 'canceled', reference: row.id };
  const code = isFailureCode(row.failureCode) ? row.failureCode : 'card_declined';
  return { status: 'failed', reference: row.id, code, message: failureMessages[code] };
}

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

const P = sql.placeholder;

/** The sandbox's statements on every payment, prepared once per database (exported for the benchmark). */
export const sandboxStatements = preparedPerDatabase((db) => ({
  card: db
    .select()
    .from(sandboxCards)
    .where(eq(sandboxCards.token, P('token')))
    .limit(1)
    .prepare('sandbox_card'),
  byKey: db
    .select()
    .from(sandboxLedger)
    .where(eq(sandboxLedger.idempotencyKey, P('key')))
    .limit(1)
    .prepare('sandbox_ledger_by_key'),
  record: db
    .insert(sandboxLedger)
    .values({
      id: P('id'),
      kind: P('kind'),
      idempotencyKey: P('idempotencyKey'),
      status: P('status'),
      amountCents: P('amountCents'),
      currency: P('currency'),
      cardToken: P('cardToken'),
      chargeId: P('chargeId'),
      failureCode: P('failureCode'),
      merchantReference: P('merchantReference'),
      createdAt: P('createdAt'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('sandbox_ledger_record'),
}));

type LedgerEntry = Pick<
  SandboxLedgerRow,
  | 'id'
  | 'kind'
  | 'idempotencyKey'
  | 'status'
  | 'amountCents'
  | 'currency'
  | 'cardToken'
  | 'chargeId'
  | 'failureCode'
  | 'merchantReference'
  | 'createdAt'
>;

/**
 * The sandbox provider (PAYMENT_PROVIDER=sandbox, the default). It plays the provider's side in
 * its own tables: a card vault (token, brand, last4, expiry, test behaviour; never the number)
 * and a ledger with one row per idempotency key, unique, so a key charges once whatever the
 * concurrency: a second insert with the key waits for the first and then reads its result.
 */
export function createSandboxProvider({ db, now }: { db: Db; now: () => Date }): PaymentProvider {
  const statements = sandboxStatements(db);

  async function findByKey(key: string): Promise<SandboxLedgerRow | undefined> {
    const [row] = await statements.byKey.execute({ key });
    return row;
  }

  /** Writes the key's row unless it has one; either way answers the row the key now has. */
  async function recordOnce(row: LedgerEntry): Promise<SandboxLedgerRow> {
    const [inserted] = await statements.record.execute(row);
    const kept = inserted ?? (await findByKey(row.idempotencyKey));
    if (!kept) throw new Error(`sandbox ledger: no row for ${row.idempotencyKey}`);
    return kept;
  }

  return {
    name: 'sandbox',

    async saveCard(_owner, input) {
      if (!input.card) throw new CardRefusedError(PaymentMessage.tokenNotAccepted);
      const { number, expMonth, expYear } = input.card;
      const at = now();
      if (isCardExpired(expMonth, expYear, at)) throw new CardRefusedError(CardMessage.expired);
      if (number === SANDBOX_TEST_CARDS.declinedOnSave) throw new CardRefusedError(PaymentMessage.cardDeclined);
      const behavior =
        number === SANDBOX_TEST_CARDS.declined
          ? 'decline'
          : number === SANDBOX_TEST_CARDS.insufficientFunds
            ? 'insufficient_funds'
            : 'succeed';
      const card = {
        token: newId('pm'),
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth,
        expYear,
      };
      await db.insert(sandboxCards).values({ ...card, behavior, createdAt: at });
      return { ...card, customerRef: null };
    },

    async forgetCard(_owner, token) {
      await db.delete(sandboxCards).where(eq(sandboxCards.token, token));
    },

    async charge(payment: PaymentRequest) {
      const at = now();
      const [card] = await statements.card.execute({ token: payment.token });
      let status: 'succeeded' | 'failed' = 'failed';
      let failureCode: PaymentFailureCode | null = null;
      if (!card) failureCode = 'payment_method_unusable';
      else if (isCardExpired(card.expMonth, card.expYear, at)) failureCode = 'expired_card';
      else if (card.behavior === 'decline') failureCode = 'card_declined';
      else if (card.behavior === 'insufficient_funds') failureCode = 'insufficient_funds';
      else status = 'succeeded';
      const row = await recordOnce({
        id: newId('ch'),
        kind: 'charge',
        idempotencyKey: paymentStepKey(payment),
        status,
        amountCents: payment.amountCents,
        currency: payment.currency,
        cardToken: payment.token,
        chargeId: null,
        failureCode,
        merchantReference: payment.orderId,
        createdAt: at,
      });
      return outcomeOf(row);
    },

    async lookup(payment) {
      const row = await findByKey(paymentStepKey(payment));
      return row ? outcomeOf(row) : null;
    },

    async cancel(payment) {
      const row = await recordOnce({
        id: newId('ch'),
        kind: 'charge',
        idempotencyKey: paymentStepKey(payment),
        status: 'canceled',
        amountCents: payment.amountCents,
        currency: payment.currency,
        cardToken: payment.token,
        chargeId: null,
        failureCode: null,
        merchantReference: payment.orderId,
        createdAt: now(),
      });
      return outcomeOf(row);
    },

    async refund(refund): Promise<RefundOutcome> {
      // A real provider refuses to return more than the payment holds; so does the sandbox.
      const [charge] = await db.select().from(sandboxLedger).where(eq(sandboxLedger.id, refund.chargeReference));
      const [returned] = await db
        .select({ cents: sql<number>`coalesce(sum(${sandboxLedger.amountCents}), 0)`.mapWith(Number) })
        .from(sandboxLedger)
        .where(
          and(
            eq(sandboxLedger.chargeId, refund.chargeReference),
            eq(sandboxLedger.kind, 'refund'),
            eq(sandboxLedger.status, 'succeeded'),
          ),
        );
      const refundable =
        charge?.kind === 'charge' && charge.status === 'succeeded' ? charge.amountCents - (returned?.cents ?? 0) : 0;
      const row = await recordOnce({
        id: newId('re'),
        kind: 'refund',
        idempotencyKey: refund.key,
        status: refund.amountCents <= refundable ? 'succeeded' : 'failed',
        amountCents: refund.amountCents,
        currency: refund.currency,
        cardToken: charge?.cardToken ?? null,
        chargeId: refund.chargeReference,
        failureCode: refund.amountCents <= refundable ? null : 'refund_exceeds_charge',
        merchantReference: refund.orderId,
        createdAt: now(),
      });
      return row.status === 'succeeded'
        ? { status: 'succeeded', reference: row.id }
        : { status: 'failed', message: `sandbox refused the refund: ${row.failureCode ?? 'unknown'}` };
    },
  };
}
