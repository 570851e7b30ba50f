/**
 * Stripe Connect in the local Stripe fake (decision 036): Express accounts, onboarding links and
 * transfers to connected accounts, the endpoints the payout provider uses. Every answer is built
 * as the `stripe` SDK's own type (`Stripe.Account`, `Stripe.AccountLink`, `Stripe.Transfer`), so a
 * change of Stripe's API in the SDK fails the build here. Stripe's rules that matter: an account
 * is paid only once onboarding enabled its transfers capability (a 400 otherwise), and an
 * account link needs both a return and a refresh URL.
 */
import type Stripe from 'stripe';
import { type Json, missing, StripeFailure, type StripeRoute, stripeId, unixNow } from './stripe-fake-shared';

export type ConnectState = {
  accounts: Map<string, Stripe.Account>;
  accountLinks: Stripe.AccountLink[];
  transfers: Map<string, Stripe.Transfer>;
};

export const newConnectState = (): ConnectState => ({ accounts: new Map(), accountLinks: [], transfers: new Map() });

const invalid = (message: string, param?: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message,
    ...(param ? { param } : {}),
  });

/** A typed Stripe object as the fake's JSON answer (a copy). */
const answer = (value: Stripe.Account | Stripe.AccountLink | Stripe.Transfer): Json => structuredClone({ ...value });

function requireAccount(state: ConnectState, accountId: string): Stripe.Account {
  const account = state.accounts.get(accountId);
  if (!account) throw missing('account', accountId);
  return account;
}

/** The seller finished Stripe's onboarding: payouts and transfers on; the event Stripe would send. */
export function completeOnboarding(state: ConnectState, accountId: string): Stripe.Account {
  const account = requireAccount(state, accountId);
  Object.assign(account, {
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    capabilities: { transfers: 'active' },
  } satisfies Partial<Stripe.Account>);
  return account;
}

export function connectRoutes(state: ConnectState): StripeRoute[] {
  return [
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/accounts$/,
      handle(params) {
        if (params.type !== 'express') throw invalid('This fake makes Express accounts only', 'type');
        const account: Stripe.Account = {
          id: stripeId('acct'),
          object: 'account',
          type: 'express',
          business_type: null,
          capabilities: { transfers: 'inactive' },
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          country: 'US',
          created: unixNow(),
          default_currency: 'usd',
          email: typeof params.email === 'string' ? params.email : null,
          metadata: (params.metadata ?? {}) as Stripe.Metadata,
        };
        state.accounts.set(account.id, account);
        return answer(account);
      },
    },
    {
      method: 'GET',
      key: 'secret',
      path: /^\/v1\/accounts\/([^/]+)$/,
      handle: (_params, match) => answer(requireAccount(state, match[1] ?? '')),
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/account_links$/,
      handle(params) {
        const account = requireAccount(state, String(params.account ?? ''));
        for (const name of ['return_url', 'refresh_url'] as const) {
          if (typeof params[name] !== 'string' || !/^https?:\/\//.test(params[name] as string)) {
            throw invalid(`Invalid URL: ${name} must be a URL`, name);
          }
        }
        if (params.type !== 'account_onboarding') throw invalid('type must be account_onboarding', 'type');
        const link: Stripe.AccountLink = {
          object: 'account_link',
          created: unixNow(),
          expires_at: unixNow() + 300,
          url: `https://connect.stripe.com/setup/e/${account.id}/${stripeId('link')}`,
        };
        state.accountLinks.push(link);
        return answer(link);
      },
    },
    {
      method: 'POST',
      key: 'secret',
      path: /^\/v1\/transfers$/,
      handle(params) {
        const destination = requireAccount(state, String(params.destination ?? ''));
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount');
        if (destination.capabilities?.transfers !== 'active') {
          throw invalid(
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'destination',
          );
        }
        const transfer: Stripe.Transfer = {
          id: stripeId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          balance_transaction: stripeId('txn'),
          created: unixNow(),
          currency: String(params.currency ?? ''),
          description: typeof params.description === 'string' ? params.description : null,
          destination: destination.id,
          destination_payment: stripeId('py'),
          livemode: false,
          metadata: (params.metadata ?? {}) as Stripe.Metadata,
          reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/reversals' },
          reversed: false,
          source_transaction: null,
          transfer_group: null,
        };
        state.transfers.set(transfer.id, transfer);
        return answer(transfer);
      },
    },
  ];
}
