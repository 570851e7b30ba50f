import { EmptyResultSchema } from '../auth';
import {
  ActivateLicenseInputSchema,
  ApiKeysSchema,
  CreateApiKeyInputSchema,
  CreateApiKeyResultSchema,
  GetApiKeysInputSchema,
  LicenseCodeInputSchema,
  LicenseListSchema,
  LicenseSchema,
  ListLicensesInputSchema,
  RevokeApiKeyInputSchema,
} from '../licensing';
import type { ApiRouteDefinition } from '../routes';
import { defineApiKeyRoute, defineRoute } from './define-route';

/**
 * Sellers' licensing API (shared requirements "Sellers' licensing API and webhooks", decision
 * 032): members manage their seller's API keys with a session; the license calls take an API key
 * and act on that seller's sold codes only (another seller's code answers 404 "License not found").
 */
export const licensingRoutes = {
  'seller/createApiKey': defineRoute({
    input: CreateApiKeyInputSchema,
    output: CreateApiKeyResultSchema,
    summary:
      'Create an API key for the license calls; the key (`evd_…`) is answered once and only its hash is kept; audited; 409 past 20 unrevoked keys',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/getApiKeys': defineRoute({
    input: GetApiKeysInputSchema,
    output: ApiKeysSchema,
    summary: 'The seller’s unrevoked API keys (name, first characters, created, last used), newest first',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'seller/revokeApiKey': defineRoute({
    input: RevokeApiKeyInputSchema,
    output: EmptyResultSchema,
    summary: 'Revoke an API key: its calls answer 401 from then on; audited; 404 for a key of another seller',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
  'licenses/validate': defineApiKeyRoute({
    input: LicenseCodeInputSchema,
    output: LicenseSchema,
    summary:
      'What a sold code of the key’s seller is: its status (active, redeemed, revoked), product, plan, stack size and purchase time; 404 "License not found" for any other code',
    tag: 'Licenses',
  }),
  'licenses/activate': defineApiKeyRoute({
    input: ActivateLicenseInputSchema,
    output: LicenseSchema,
    summary:
      'Mark a code redeemed, the same mark as the buyer’s "mark as redeemed" (idempotent: the first time is kept); 409 for a revoked code',
    tag: 'Licenses',
  }),
  'licenses/deactivate': defineApiKeyRoute({
    input: LicenseCodeInputSchema,
    output: LicenseSchema,
    summary: 'Take the redeemed mark back: the code is active again (idempotent); a revoked code stays revoked',
    tag: 'Licenses',
  }),
  'licenses/list': defineApiKeyRoute({
    input: ListLicensesInputSchema,
    output: LicenseListSchema,
    summary:
      'The key’s seller’s sold codes, 50 a page, optionally of one product or one status; pass `nextCursor` back as `cursor` for the next page',
    tag: 'Licenses',
  }),
} satisfies Record<string, ApiRouteDefinition>;
