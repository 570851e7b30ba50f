import { z } from 'zod';
import { ownedId, publicId } from './ids';

// The lifetime promise (shared requirements "The lifetime promise", decision 031): a seller who
// ends a deal gives 90 days' notice; an admin may shut one down at once; either way every buyer
// of an active item gets store credit, funded by the seller.

/** The least notice a seller gives before a deal ends. */
export const SUNSET_NOTICE_DAYS = 90;
export const SUNSET_MESSAGE_MIN = 20;
export const SUNSET_MESSAGE_MAX = 2000;
export const SHUTDOWN_REASON_MIN = 10;
export const SHUTDOWN_REASON_MAX = 2000;

export const LifetimePromiseStatusSchema = z.enum(['active', 'sunsetting', 'shut_down']);
export type LifetimePromiseStatus = z.infer<typeof LifetimePromiseStatusSchema>;

export const LifetimePromiseSchema = z.object({
  status: LifetimePromiseStatusSchema,
  sunsetAt: z
    .string()
    .optional()
    .describe('ISO time the deal ends (sunsetting) or ended (shut down); protection is paid then'),
  message: z
    .string()
    .optional()
    .describe('the seller’s notice (export instructions, alternatives) or the admin’s reason'),
});
export type LifetimePromise = z.infer<typeof LifetimePromiseSchema>;

export const AnnounceSunsetInputSchema = z.object({
  productId: ownedId('sellerProduct'),
  sunsetAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }),
  message: z
    .string()
    .trim()
    .min(
      SUNSET_MESSAGE_MIN,
      `must be at least ${SUNSET_MESSAGE_MIN} characters: tell buyers how to export their data and what to use instead`,
    )
    .max(SUNSET_MESSAGE_MAX, `must be at most ${SUNSET_MESSAGE_MAX} characters long`),
});
export type AnnounceSunsetInput = z.input<typeof AnnounceSunsetInputSchema>;

export const ShutDownProductInputSchema = z.object({
  productId: publicId('product'),
  reason: z
    .string()
    .trim()
    .min(SHUTDOWN_REASON_MIN, `must be at least ${SHUTDOWN_REASON_MIN} characters: buyers read it`)
    .max(SHUTDOWN_REASON_MAX, `must be at most ${SHUTDOWN_REASON_MAX} characters long`),
});
export type ShutDownProductInput = z.input<typeof ShutDownProductInputSchema>;

export const LifetimePromiseResultSchema = z.object({
  lifetimePromise: LifetimePromiseSchema,
  buyersMailed: z.number().int().describe('buyers with an active item who were mailed'),
});
export type LifetimePromiseResult = z.infer<typeof LifetimePromiseResultSchema>;

export const LifetimePromiseMessage = {
  noticeTooShort: (days: number, earliest: string) =>
    `sunsetAt must be at least ${days} days from now (on or after ${earliest}): buyers are owed ${days} days' notice`,
  alreadyAnnounced: 'This deal already has an announced end; it cannot be announced again.',
  alreadyShutDown: 'This deal has already been shut down.',
  notPublished: 'Only a deal in the store can be sunset.',
  reopenRefused: 'This deal is ending under the lifetime promise; it cannot be made live again.',
} as const;

/** The product's promise columns as the API shows them: no date or message while the deal is active. */
export function lifetimePromiseOf(
  status: LifetimePromiseStatus,
  sunsetAt: Date | null,
  message: string | null,
): LifetimePromise {
  if (status === 'active' || !sunsetAt) return { status: 'active' };
  return { status, sunsetAt: sunsetAt.toISOString(), ...(message ? { message } : {}) };
}
