import { z } from 'zod';

/**
 * The deepest page any list serves: deeper than anyone pages by hand, and a bound on how many rows
 * a page's query may skip.
 */
export const PAGE_NUMBER_MAX = 10_000;

const wholeNumber = 'must be a whole number';

/**
 * A list's page number, 1 for the first. Coerced, so a page named in a URL's query (`?page=2`)
 * reads as a number, as a JSON number does. Each list adds its own default (`.default(1)`).
 */
export const PageNumberSchema = z.coerce
  .number({ error: wholeNumber })
  .int(wholeNumber)
  .min(1, 'must be at least 1')
  .max(PAGE_NUMBER_MAX, `must be at most ${PAGE_NUMBER_MAX}`);

/** The page number of a call whose page only ever comes as a JSON number: a string is refused. */
export const JsonPageNumberSchema = z
  .number({ error: wholeNumber })
  .int(wholeNumber)
  .min(1, 'must be at least 1')
  .max(PAGE_NUMBER_MAX, `must be at most ${PAGE_NUMBER_MAX}`);
