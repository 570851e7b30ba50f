import { z } from 'zod';
import { BILLING_FIELD_MAX, BillingMessage, checkVatId, isCountryCode, VAT_ID_MAX } from './billing-rules';

export * from './billing-rules';

/** A text field of the profile: trimmed, bounded; empty or absent means "not given" (null). */
const optionalText = (max = BILLING_FIELD_MAX) =>
  z
    .string()
    .trim()
    .max(max, BillingMessage.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * `users/updateBillingProfile` (decision 037): the whole profile, replacing the previous one. The
 * country is an ISO alpha-2 code; a VAT id is normalised and checked against the country (prefix,
 * format, check digits) here, at the boundary, so the rest of the store only sees valid ids.
 */
export const UpdateBillingProfileInputSchema = z
  .object({
    name: optionalText(),
    companyName: optionalText(),
    vatId: optionalText(VAT_ID_MAX + 10),
    country: z
      .string({ error: BillingMessage.countryUnknown })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine(isCountryCode, BillingMessage.countryUnknown),
    addressLine: optionalText(),
    city: optionalText(),
    postalCode: optionalText(40),
  })
  .transform((input, context) => {
    if (input.vatId === null) return input;
    const check = checkVatId(input.vatId, input.country);
    if (!check.valid) {
      context.addIssue({ code: 'custom', path: ['vatId'], message: check.message });
      return z.NEVER;
    }
    return { ...input, vatId: check.vatId };
  });
export type UpdateBillingProfileInput = z.input<typeof UpdateBillingProfileInputSchema>;
export type BillingProfileChange = z.output<typeof UpdateBillingProfileInputSchema>;

export const BillingProfileSchema = z.object({
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  vatId: z.string().nullable().describe('normalised: upper case, with its country prefix (EL for Greece)'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  reverseCharge: z
    .boolean()
    .describe('an EU business with a valid VAT id: its purchases are reverse-charged (0% VAT, decision 037)'),
  updatedAt: z.string(),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;

export const BillingProfileResultSchema = z.object({ profile: BillingProfileSchema.nullable() });
export const UpdateBillingProfileResultSchema = z.object({ profile: BillingProfileSchema });
