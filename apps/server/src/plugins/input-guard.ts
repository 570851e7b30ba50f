import { AppError, HttpErrorMessage, ValidationMessage } from '@everdeal/contracts';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any payload of the contract; a parsed payload nested further is refused, not walked. */
export const MAX_INPUT_DEPTH = 16;

/**
 * The first string (value or key) PostgreSQL cannot store as sent, as a dotted path, or null.
 * - U+0000: `text` cannot hold it ("invalid byte sequence for encoding UTF8: 0x00", a 500).
 * - A lone UTF-16 surrogate (`"\ud800"` is valid JSON): UTF-8 cannot encode it, so the driver
 *   silently stores U+FFFD instead and the user's text changes behind their back.
 * Iterative, so a hostile nesting depth cannot overflow the stack.
 */
export function findUnstorableText(input: unknown): { path: string } | { tooDeep: true } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  const isBad = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (isBad(value)) return { path };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { tooDeep: true };
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: join(path, index), depth: depth + 1 });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (isBad(key)) return { path: join(path, '(key)') };
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Requirements §8: a character the database refuses is a 4xx. Runs on the payload as the route's
 * schema parsed it (unknown fields already dropped, requirements §7), so it only speaks of fields
 * the route uses: 422 "firstName: Invalid format".
 */
export function requireStorableInput(input: unknown): void {
  const found = findUnstorableText(input);
  if (!found) return;
  if ('tooDeep' in found) throw AppError.badRequest(HttpErrorMessage[400]);
  throw AppError.validation(
    found.path ? `${found.path}: ${ValidationMessage.invalidFormat}` : ValidationMessage.invalidFormat,
  );
}
