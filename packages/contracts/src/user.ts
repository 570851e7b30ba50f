// The browser's view of a user without zod: the storefront's eager bundle imports this module
// (`@everdeal/contracts/user`) so that a header showing a name never downloads the schema library.
import type { User } from './auth';

/** Display name (requirements §3): first plus last name, else the e-mail's local part. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email.split('@')[0] || user.email;
}

const USER_STRING_FIELDS = ['id', 'email', 'firstName', 'lastName', 'occupation', 'createdAt'] as const;

/**
 * Reads a user kept in browser storage: the same check as `UserSchema.safeParse` (every field of
 * the right type, unknown keys dropped), written by hand so the client needs no zod to restore a
 * session. `user.test.ts` holds the two to the same answers.
 */
export function parseStoredUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const field of USER_STRING_FIELDS) if (typeof record[field] !== 'string') return null;
  if (record.avatar !== null && typeof record.avatar !== 'string') return null;
  if (typeof record.hasPassword !== 'boolean') return null;
  return {
    id: record.id as string,
    email: record.email as string,
    firstName: record.firstName as string,
    lastName: record.lastName as string,
    occupation: record.occupation as string,
    avatar: record.avatar as string | null,
    hasPassword: record.hasPassword,
    createdAt: record.createdAt as string,
  };
}
