import type { User } from '@everdeal/contracts';

/** A signed-in user for the session tests (auth-store, session-provider); used by tests only. */
export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  occupation: '',
  avatar: null,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
