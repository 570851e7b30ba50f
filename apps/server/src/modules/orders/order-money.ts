/**
 * What the buyer reads of an order's and an item's money since checkout (decision 010, "What the
 * buyer reads of an order's money"): every figure from the money rows `itemMoneyFacts` reads
 * (order-money.sql.ts), never from list prices, so the order card's rows add up to what moved.
 * Also why each revoked code stopped working, from the same history.
 */
import type {
  CodeRevocation,
  ItemPlanChange,
  ItemRefundMoney,
  LicenseCodeStatus,
  Order,
  OrderAdjustment,
  OrderCode,
  OrderItem,
} from '@everdeal/contracts';
import type { OrderItemRow, OrderRow } from '@everdeal/db';

/** A refund, plan change or renewal of the item that went through or moved money, as read. */
type AdjustmentFacts = {
  adjustmentId: string;
  kind: OrderAdjustment['kind'];
  status: 'pending' | 'succeeded' | 'failed';
  fromPlanId: number | null;
  toPlanId: number | null;
  fromPlanName: string;
  toPlanName: string;
  chargedCents: number;
  chargedTaxCents: number;
  refundedCents: number;
  /** The part of refundedCents given back as store credit, not through a row (decision 030). */
  refundedCreditCents: number;
  refundedTaxCents: number;
  at: string;
};

/** The item's money rows, summed: the JSON `itemMoneyFacts` reads. */
export type ItemMoneyFacts = {
  /** The card's checkout charge of the item, VAT apart and included (the store credit part is not a row). */
  checkoutCardPriceCents: number;
  checkoutCardCents: number;
  chargedBackCents: number;
  hasChargeback: boolean;
  adjustments: AdjustmentFacts[];
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const parseItemMoneyFacts = (json: string): ItemMoneyFacts => JSON.parse(json) as ItemMoneyFacts;

/**
 * The facts of an item this request just settled, as its rows will read: the card paid the amount
 * less the store credit, plus the VAT (decision 030, 037), and nothing changed since.
 */
export function settledMoneyFacts(item: { amount: number; paidWithCreditCents: number; taxCents: number }) {
  const cardPrice = item.amount - item.paidWithCreditCents;
  return {
    checkoutCardPriceCents: cardPrice,
    checkoutCardCents: cardPrice + item.taxCents,
    chargedBackCents: 0,
    hasChargeback: false,
    adjustments: [],
  } satisfies ItemMoneyFacts;
}

type ItemFigures = Pick<
  OrderItemRow,
  'status' | 'planKind' | 'quantity' | 'amountCents' | 'unitOriginalPriceCents' | 'paidWithCreditCents'
>;

const isPaidItem = (status: OrderItemRow['status']) => status !== 'pending' && status !== 'canceled';

/** A plan change that went through, as the item view lists it: what it did to the line's price, VAT apart. */
function planChangeOf(adjustment: AdjustmentFacts): ItemPlanChange {
  const charged = adjustment.chargedCents - adjustment.chargedTaxCents;
  const returned = adjustment.refundedCents - adjustment.refundedTaxCents;
  return {
    adjustmentId: adjustment.adjustmentId,
    fromPlanName: adjustment.fromPlanName,
    toPlanName: adjustment.toPlanName,
    changedAt: adjustment.at,
    priceCents: charged - returned,
    chargedCents: adjustment.chargedCents,
    refundedCents: adjustment.refundedCents,
  };
}

/**
 * The item's money fields: its checkout price (the card's rows plus its store credit share; the
 * amount itself before payment, when nothing moved yet), what its plan changes added or returned,
 * and what it saves on list prices with the plan held now. A subscription's saving is per period,
 * as checkout showed it; a refunded item saves nothing, its money went back.
 */
export function itemMoneyOf(
  row: ItemFigures,
  facts: ItemMoneyFacts,
): Pick<OrderItem, 'checkoutCents' | 'paidCents' | 'planChanges' | 'savedCents' | 'refundMoney'> {
  const checkoutCents = isPaidItem(row.status)
    ? facts.checkoutCardPriceCents + row.paidWithCreditCents
    : row.amountCents;
  const planChanges = facts.adjustments
    .filter((adjustment) => adjustment.kind === 'plan_change' && adjustment.status === 'succeeded')
    .map(planChangeOf);
  const paidCents = checkoutCents + planChanges.reduce((sum, change) => sum + change.priceCents, 0);
  const cost = row.planKind === 'subscription' ? row.amountCents : paidCents;
  const savedCents = row.status === 'refunded' ? 0 : Math.max(row.unitOriginalPriceCents * row.quantity - cost, 0);
  return { checkoutCents, paidCents, planChanges, savedCents, refundMoney: refundMoneyOf(row, facts) };
}

/**
 * The item's refund in money, VAT included. Before it: what `writeRefundAdjustment` would return
 * now, from the same rows: every card charge (checkout's, upgrades', renewals') less what refunds
 * and disputes took from them, and the store credit less what succeeded changes gave back as
 * credit (`creditHeldOf`), with the VAT the card's charges still hold. After it: what the refund
 * returned. None for an item a dispute ended, for no refund gave its money back.
 */
export function refundMoneyOf(
  row: Pick<ItemFigures, 'status' | 'paidWithCreditCents'>,
  facts: ItemMoneyFacts,
): ItemRefundMoney | null {
  if (row.status === 'refunded') {
    const refund = facts.adjustments.find(
      (adjustment) => adjustment.kind === 'refund' && adjustment.status === 'succeeded',
    );
    if (!refund) return null;
    return {
      cardCents: refund.refundedCents - refund.refundedCreditCents,
      creditCents: refund.refundedCreditCents,
      taxCents: refund.refundedTaxCents,
    };
  }
  if (row.status !== 'active') return null;
  const cardCents = facts.adjustments.reduce(
    (sum, adjustment) => sum + adjustment.chargedCents - (adjustment.refundedCents - adjustment.refundedCreditCents),
    facts.checkoutCardCents - facts.chargedBackCents,
  );
  const creditCents = facts.adjustments.reduce(
    (sum, adjustment) => sum - adjustment.refundedCreditCents,
    row.paidWithCreditCents,
  );
  const taxCents = facts.adjustments.reduce(
    (sum, adjustment) => sum + adjustment.chargedTaxCents - adjustment.refundedTaxCents,
    facts.checkoutCardCents - facts.checkoutCardPriceCents,
  );
  return { cardCents: Math.max(cardCents, 0), creditCents: Math.max(creditCents, 0), taxCents: Math.max(taxCents, 0) };
}

/** One of an item's codes as read: its pool status, the buyer's mark, its plan and when it was allocated or linked. */
export type CodeFacts = {
  code: string;
  status: string;
  redeemedAt: Date | null;
  planId: number;
  allocatedAt: Date | null;
  linkedAt: Date;
};

/** A code as the buyer sees it (reserved codes of an unpaid order are never read): a revoked one says why. */
export function codeViewOf(
  code: CodeFacts,
  item: Pick<OrderItemRow, 'status' | 'refundedAt' | 'endedAt'>,
  facts: ItemMoneyFacts,
): OrderCode {
  const status: LicenseCodeStatus = code.status === 'revoked' ? 'revoked' : code.redeemedAt ? 'redeemed' : 'active';
  const revocation = status === 'revoked' ? revocationOf(code, item, facts) : undefined;
  return { code: code.code, status, redeemedAt: iso(code.redeemedAt), ...(revocation ? { revocation } : {}) };
}

/**
 * Why a revoked code stopped working. A plan change revokes every code the item holds, so the
 * first one that went through after the code was allocated and left the code's plan revoked it;
 * a code no plan change revoked went with the item's refund (or the dispute that ended it as
 * one, decision 039) or its subscription's end.
 */
function revocationOf(
  code: Pick<CodeFacts, 'planId' | 'allocatedAt' | 'linkedAt'>,
  item: Pick<OrderItemRow, 'status' | 'refundedAt' | 'endedAt'>,
  facts: ItemMoneyFacts,
): CodeRevocation | undefined {
  const allocatedAt = (code.allocatedAt ?? code.linkedAt).getTime();
  const change = facts.adjustments.find(
    (adjustment) =>
      adjustment.kind === 'plan_change' &&
      adjustment.status === 'succeeded' &&
      adjustment.fromPlanId === code.planId &&
      Date.parse(adjustment.at) >= allocatedAt,
  );
  if (change) return { reason: 'plan_change', planName: change.toPlanName, at: change.at };
  if (item.status === 'ended') return { reason: 'subscription_ended', planName: null, at: iso(item.endedAt) };
  if (item.status !== 'refunded') return undefined;
  const refund = facts.adjustments.find(
    (adjustment) => adjustment.kind === 'refund' && adjustment.status === 'succeeded',
  );
  if (!refund && facts.hasChargeback) return { reason: 'chargeback', planName: null, at: iso(item.refundedAt) };
  return { reason: 'refund', planName: null, at: refund?.at ?? iso(item.refundedAt) };
}

/**
 * The order's money: what checkout took (the card's rows and the store credit spent, which a
 * failed order gave back), then each change that moved money, then disputes; the net is their sum,
 * so it is what the rows hold (test/ledger.ts checks the rows against the provider).
 */
export function orderMoneyOf(
  row: Pick<OrderRow, 'status' | 'paidWithCreditCents'>,
  items: { id: string; facts: ItemMoneyFacts; view: Pick<OrderItem, 'savedCents'> }[],
): Pick<Order, 'money' | 'savedCents'> {
  const credit = row.status === 'failed' ? 0 : row.paidWithCreditCents;
  const checkoutCents = items.reduce((sum, item) => sum + item.facts.checkoutCardCents, credit);
  const adjustments: OrderAdjustment[] = items
    .flatMap(({ id, facts }) =>
      facts.adjustments
        .filter((adjustment) => adjustment.chargedCents > 0 || adjustment.refundedCents > 0)
        .map((adjustment) => ({
          adjustmentId: adjustment.adjustmentId,
          itemId: id,
          kind: adjustment.kind,
          fromPlanName: adjustment.kind === 'plan_change' ? adjustment.fromPlanName : null,
          toPlanName: adjustment.kind === 'plan_change' ? adjustment.toPlanName : null,
          chargedCents: adjustment.chargedCents,
          refundedCents: adjustment.refundedCents,
          at: adjustment.at,
        })),
    )
    .sort((a, b) => a.at.localeCompare(b.at) || a.adjustmentId.localeCompare(b.adjustmentId));
  const chargedBackCents = items.reduce((sum, item) => sum + item.facts.chargedBackCents, 0);
  const netPaidCents = adjustments.reduce(
    (sum, adjustment) => sum + adjustment.chargedCents - adjustment.refundedCents,
    checkoutCents - chargedBackCents,
  );
  return {
    money: { checkoutCents, adjustments, chargedBackCents, netPaidCents },
    savedCents: items.reduce((sum, item) => sum + item.view.savedCents, 0),
  };
}
