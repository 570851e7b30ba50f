import type { ApiRouteDefinition } from '../routes';
import {
  AdminGetUserWalletInputSchema,
  GetWalletInputSchema,
  GrantCreditInputSchema,
  GrantCreditResultSchema,
  WalletSchema,
} from '../wallet';
import { defineRoute } from './define-route';

/** Store credit (shared requirements "Store credit", decision 030): the owner's wallet and the admin's grant. */
export const walletRoutes = {
  'wallet/getWallet': defineRoute({
    input: GetWalletInputSchema,
    output: WalletSchema,
    summary: 'The signed-in user’s store credit: the balance and its movements, newest first, 20 a page',
    tag: 'wallet',
    requiresAuth: true,
  }),
  'admin/getUserWallet': defineRoute({
    input: AdminGetUserWalletInputSchema,
    output: WalletSchema,
    summary: 'One user’s store credit as they see it, for the admin’s user page; 404 for an unknown user',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/grantCredit': defineRoute({
    input: GrantCreditInputSchema,
    output: GrantCreditResultSchema,
    summary:
      'Grant store credit (positive cents) or correct it (negative), at most $10,000 either way, with a note the user sees; audited; 404 for an unknown user, 409 if a correction would take the balance below zero',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
} satisfies Record<string, ApiRouteDefinition>;
