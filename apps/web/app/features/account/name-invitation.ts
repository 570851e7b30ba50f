import type { User } from '@everdeal/contracts';

/**
 * The sign-up form asks no name (spec: the name fields exist in the form state but are not
 * presented), so a new account has none: the profile invites one, once, until it is given.
 */
export function nameInvitation(user: Pick<User, 'firstName' | 'lastName'>): string | undefined {
  return user.firstName.trim() || user.lastName.trim()
    ? undefined
    : 'Add your name so sellers and other shoppers know who they are talking to.';
}
