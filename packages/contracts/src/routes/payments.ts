import { EmptyInputSchema, EmptyResultSchema } from '../auth';
import {
  AddPaymentMethodInputSchema,
  PaymentConfigSchema,
  PaymentMethodListSchema,
  PaymentMethodRefInputSchema,
  PaymentMethodSchema,
} from '../payments';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** Saved cards and which provider collects them (requirements §15). */
export const paymentsRoutes = {
  'payments/getPaymentConfig': defineRoute({
    input: EmptyInputSchema,
    output: PaymentConfigSchema,
    summary: 'Which provider collects cards (sandbox form or Stripe.js) and the Stripe publishable key',
    tag: 'payments',
  }),
  'payments/addPaymentMethod': defineRoute({
    input: AddPaymentMethodInputSchema,
    output: PaymentMethodSchema,
    summary:
      'Save a card: {card} with the sandbox, {providerToken} (a Stripe.js PaymentMethod id) with Stripe; the first one becomes the default',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/getPaymentMethods': defineRoute({
    input: EmptyInputSchema,
    output: PaymentMethodListSchema,
    summary: 'The signed-in user’s saved cards, the default first',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/removePaymentMethod': defineRoute({
    input: PaymentMethodRefInputSchema,
    output: EmptyResultSchema,
    summary: 'Remove a saved card (idempotent); the newest other card becomes the default',
    tag: 'payments',
    requiresAuth: true,
  }),
  'payments/setDefaultPaymentMethod': defineRoute({
    input: PaymentMethodRefInputSchema,
    output: PaymentMethodSchema,
    summary: 'Make a saved card the default one',
    tag: 'payments',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
