import { z } from 'zod';
import { CardMessage, cardBrand, cvcLength, isValidCardNumber, normalizeCardNumber } from './card';
import { ownedUuid } from './ids';
import { PaymentMessage } from './messages';

export const PaymentProviderNameSchema = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** The caller's own saved card: another user's answers 404 (requirements §6). */
export const PaymentMethodId = ownedUuid('paymentMethod', 'must be a payment method id');

/**
 * A card typed into the sandbox's form (requirements §15). Refused at entry with a field message
 * when the number fails the Luhn check or the CVC does not fit the brand; an expiry in the past
 * is refused by the server against its clock (it can only be judged with the current date).
 */
export const CardInputSchema = z
  .object({
    number: z
      .string({ error: CardMessage.numberInvalid })
      .max(40, CardMessage.numberInvalid)
      .transform(normalizeCardNumber)
      .refine(isValidCardNumber, CardMessage.numberInvalid),
    expMonth: z
      .number({ error: CardMessage.expiryMonthInvalid })
      .int(CardMessage.expiryMonthInvalid)
      .min(1, CardMessage.expiryMonthInvalid)
      .max(12, CardMessage.expiryMonthInvalid),
    // Two digits are read as 20xx, as printed on the card.
    expYear: z
      .number({ error: CardMessage.expiryYearInvalid })
      .int(CardMessage.expiryYearInvalid)
      .min(0, CardMessage.expiryYearInvalid)
      .max(2100, CardMessage.expiryYearInvalid)
      .transform((year) => (year < 100 ? 2000 + year : year))
      .refine((year) => year >= 2000, CardMessage.expiryYearInvalid),
    cvc: z.string({ error: CardMessage.cvcInvalid }).regex(/^\d{3,4}$/, CardMessage.cvcInvalid),
  })
  .superRefine((card, context) => {
    if (card.cvc.length !== cvcLength(cardBrand(card.number))) {
      context.addIssue({ code: 'custom', path: ['cvc'], message: CardMessage.cvcInvalid });
    }
  });
export type CardInput = z.infer<typeof CardInputSchema>;

/**
 * `payments/addPaymentMethod`: a card (sandbox) or a PaymentMethod id made by Stripe.js
 * (`providerToken`, Stripe); which one the store takes follows `payments/getPaymentConfig`.
 */
export const AddPaymentMethodInputSchema = z
  .object({
    card: CardInputSchema.optional(),
    providerToken: z
      .string({ error: 'must be a payment method token' })
      .regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'must be a payment method token')
      .optional(),
  })
  .refine((input) => (input.card === undefined) !== (input.providerToken === undefined), {
    message: PaymentMessage.cardOrTokenRequired,
  });
export type AddPaymentMethodInput = z.infer<typeof AddPaymentMethodInputSchema>;

export const PaymentMethodRefInputSchema = z.object({ id: PaymentMethodId });
export type PaymentMethodRefInput = z.infer<typeof PaymentMethodRefInputSchema>;

/** A saved card: never the number, only what identifies it to its owner (requirements §11). */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodListSchema = z.object({
  paymentMethods: z.array(PaymentMethodSchema).describe('the default first, then newest first'),
});
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>;

/** What the card form needs to know: which provider collects cards, and Stripe.js's key. */
export const PaymentConfigSchema = z.object({
  provider: PaymentProviderNameSchema,
  publishableKey: z.string().nullable().describe('Stripe publishable key; null with the sandbox'),
  stripeJsUrl: z
    .string()
    .nullable()
    .describe('Where the browser loads Stripe.js (Stripe’s own unless a test points elsewhere); null with the sandbox'),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;
