/**
 * Card disputes in the local Stripe fake (decision 039): the bank disputes a PaymentIntent's
 * charge (the amount it still holds unless told), and the dispute closes won or lost. Every
 * answer is built as the SDK's own `Stripe.Dispute`, so a change of Stripe's API in the SDK fails
 * the build here. Stripe's rule that matters: a disputed charge is not refunded (`charge_disputed`).
 */
import type Stripe from 'stripe';
import { type Json, missing, StripeFailure, type StripeRoute, stripeId, unixNow } from './stripe-fake-shared';

export type DisputeState = { disputes: Map<string, Stripe.Dispute> };

export const newDisputeState = (): DisputeState => ({ disputes: new Map() });

const NO_EVIDENCE: Stripe.Dispute.Evidence = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
};

/** The bank disputes the intent's charge: by default all it still holds (received less refunded). */
export function openDispute(state: DisputeState, intent: Json, amount?: number): Stripe.Dispute {
  if (intent.status !== 'succeeded') throw new Error(`intent ${String(intent.id)} has no charge to dispute`);
  const dispute: Stripe.Dispute = {
    id: stripeId('dp'),
    object: 'dispute',
    amount: amount ?? Number(intent.amount_received ?? 0) - Number(intent.amount_refunded ?? 0),
    balance_transactions: [],
    charge: String(intent.latest_charge),
    created: unixNow(),
    currency: String(intent.currency),
    enhanced_eligibility_types: [],
    evidence: NO_EVIDENCE,
    evidence_details: {
      due_by: unixNow() + 7 * 24 * 3600,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: String(intent.id),
    reason: 'fraudulent',
    status: 'needs_response',
  };
  state.disputes.set(dispute.id, dispute);
  return dispute;
}

/** The dispute is decided: `won` gives the money back, `lost` keeps it with the buyer. */
export function closeDispute(state: DisputeState, disputeId: string, status: 'won' | 'lost'): Stripe.Dispute {
  const dispute = state.disputes.get(disputeId);
  if (!dispute) throw new Error(`no dispute ${disputeId}`);
  dispute.status = status;
  return dispute;
}

/** Stripe's refusal of a refund of a disputed charge, or nothing when the intent is not disputed. */
export function refusalOfDisputed(state: DisputeState, intentId: string): StripeFailure | null {
  const dispute = [...state.disputes.values()].find((candidate) => candidate.payment_intent === intentId);
  if (!dispute) return null;
  return new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'charge_disputed',
    message: `Charge ${String(dispute.charge)} has been charged back; cannot issue a refund.`,
  });
}

export function disputeRoutes(state: DisputeState): StripeRoute[] {
  return [
    {
      method: 'GET',
      key: 'secret',
      path: /^\/v1\/disputes\/([^/]+)$/,
      handle(_params, match) {
        const dispute = state.disputes.get(match[1] ?? '');
        if (!dispute) throw missing('dispute', match[1] ?? '');
        return structuredClone({ ...dispute });
      },
    },
  ];
}
