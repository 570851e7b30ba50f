import { z } from 'zod';
import { EmailSchema } from './auth';
import { WITHOUT_NUL } from './content-messages';
import { ValidationMessage } from './messages';
import {
  APPLICATION_COMPANY_MAX,
  APPLICATION_COMPANY_MIN,
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_DESCRIPTION_MIN,
  APPLICATION_PRODUCT_MAX,
  APPLICATION_PRODUCT_MIN,
  APPLICATION_STATUSES,
  APPLICATION_WEBSITE_MAX,
  ApplicationMessage,
  normalizeWebsite,
  WEBSITE_PATTERN,
} from './seller-application-rules';

// `sellers/apply` and `sellers/getMyApplication` (requirements §13, §15; decision 015): the
// /launch form and what the applicant is told about it. The admin's calls are in admin.ts.

/** One line of text: a company or product name ends up in a mail's subject. */
function oneLine(messages: { required: string; tooShort: string; tooLong: string }, min: number, max: number) {
  return z
    .string({ error: messages.required })
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, messages.required)
        .min(min, messages.tooShort)
        .max(max, messages.tooLong)
        .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
    );
}

export const ApplyToSellInputSchema = z.object({
  companyName: oneLine(
    {
      required: ApplicationMessage.companyRequired,
      tooShort: ApplicationMessage.companyTooShort,
      tooLong: ApplicationMessage.companyTooLong,
    },
    APPLICATION_COMPANY_MIN,
    APPLICATION_COMPANY_MAX,
  ),
  website: z
    .string({ error: ApplicationMessage.websiteRequired })
    .trim()
    .min(1, ApplicationMessage.websiteRequired)
    .transform(normalizeWebsite)
    .pipe(
      z
        .string()
        .max(APPLICATION_WEBSITE_MAX, ApplicationMessage.websiteTooLong)
        .regex(WEBSITE_PATTERN, ApplicationMessage.websiteInvalid),
    ),
  productName: oneLine(
    {
      required: ApplicationMessage.productRequired,
      tooShort: ApplicationMessage.productTooShort,
      tooLong: ApplicationMessage.productTooLong,
    },
    APPLICATION_PRODUCT_MIN,
    APPLICATION_PRODUCT_MAX,
  ),
  /** Where the team writes back; it may differ from the account's address. */
  email: EmailSchema,
  description: z
    .string({ error: ApplicationMessage.descriptionRequired })
    .trim()
    .min(1, ApplicationMessage.descriptionRequired)
    .min(APPLICATION_DESCRIPTION_MIN, ApplicationMessage.descriptionTooShort)
    .max(APPLICATION_DESCRIPTION_MAX, ApplicationMessage.descriptionTooLong)
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
});
export type ApplyToSellInput = z.input<typeof ApplyToSellInputSchema>;

export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);

/** An application as its applicant sees it. */
export const SellerApplicationSchema = z.object({
  id: z.number().int(),
  status: ApplicationStatusSchema,
  companyName: z.string(),
  website: z.string(),
  productName: z.string(),
  email: z.string(),
  description: z.string(),
  decisionReason: z.string().nullable().describe('the reason given on rejection'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SellerApplication = z.infer<typeof SellerApplicationSchema>;

export const SellerApplicationResultSchema = z.object({ application: SellerApplicationSchema });

/** The caller's latest application, or null before the first. */
export const MyApplicationSchema = z.object({ application: SellerApplicationSchema.nullable() });
export type MyApplication = z.infer<typeof MyApplicationSchema>;
