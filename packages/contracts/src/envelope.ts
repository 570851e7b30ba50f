import { z } from 'zod';

/** Requirements §7: every API answer is `{code, msg, data}`; code 0 means success. */
export type Envelope<T> = { code: number; msg: string; data: T };

export const SUCCESS_CODE = 0;

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
});
