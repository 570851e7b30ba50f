import { RegisterInputSchema, UpdateUserProfileInputSchema } from '@everdeal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { confirmPasswordError, nameError, newPasswordError, occupationError } from './account-rules';

/** What the server's schema says of a value: its first issue's message, as the forms showed it. */
function schemaError(schema: z.ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

// Strings around the limits: empty, blank, short, at and past 8, 50, 80 and 128 characters.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 45, maxLength: 135 }),
  fc.stringMatching(/^\s*x{0,130}\s*$/),
);

describe('account rules agree with the server schemas (contracts auth.ts)', () => {
  it('a new password: required, 8 to 128 characters, spaces counted', () => {
    expect(newPasswordError('')).toBe('Password is required');
    expect(newPasswordError('1234567')).toBe('Password must be at least 8 characters long');
    expect(newPasswordError('x'.repeat(129))).toBe('Password must be at most 128 characters long');
    expect(newPasswordError('        ')).toBeUndefined();
    fc.assert(
      fc.property(text, (value) => {
        expect(newPasswordError(value)).toBe(schemaError(RegisterInputSchema.shape.password, value));
      }),
    );
  });

  it('names and the occupation: optional, at most 50 and 80 characters once trimmed', () => {
    expect(nameError('')).toBeUndefined();
    expect(nameError(` ${'x'.repeat(50)} `)).toBeUndefined();
    expect(nameError('x'.repeat(51))).toBe('Must be at most 50 characters');
    expect(occupationError('x'.repeat(81))).toBe('Must be at most 80 characters');
    fc.assert(
      fc.property(text, (value) => {
        expect(nameError(value)).toBe(schemaError(RegisterInputSchema.shape.firstName, value));
        expect(nameError(value)).toBe(schemaError(UpdateUserProfileInputSchema.shape.lastName, value));
        expect(occupationError(value)).toBe(schemaError(UpdateUserProfileInputSchema.shape.occupation, value));
      }),
    );
  });

  it('the confirmation is required and must match', () => {
    expect(confirmPasswordError('secret123', '')).toBe('This field is required');
    expect(confirmPasswordError('secret123', 'secret124')).toBe('Passwords do not match');
    expect(confirmPasswordError('secret123', 'secret123')).toBeUndefined();
  });
});
