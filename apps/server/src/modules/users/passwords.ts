import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** Argon2id cost (the library's default algorithm). */
export type PasswordHashCost = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 iterations, 1 lane. */
export const OWASP_ARGON2ID: PasswordHashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one';

let commonPasswords: Set<string> | undefined;

/**
 * True for the ~49,000 most common passwords of zxcvbn's list, in any letter case. The list is
 * decompressed once, on first use, and kept in a Set.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without an account to verify against, so an unknown
   * e-mail answers as slowly as a wrong password (no timing oracle for account existence).
   */
  verifyNothing(password: string): Promise<false>;
};

export function createPasswordHasher(cost: PasswordHashCost = OWASP_ARGON2ID): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, cost),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash is a failed login, not a 500 that tells the caller something.
        return false;
      }
    },
    verifyNothing: async (password) => {
      // Same parameters as real hashes, so the dummy verification costs the same.
      dummyHash ??= hash('dummy password never used by anyone', cost);
      await verify(await dummyHash, password);
      return false;
    },
  };
}
