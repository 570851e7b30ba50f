import { describe, expect, it } from 'vitest';
import { UserSchema } from './auth';
import { displayName, parseStoredUser } from './user';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  occupation: '',
  avatar: null,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const zodAnswer = (value: unknown) => {
  const parsed = UserSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('parseStoredUser (zod-free twin of UserSchema)', () => {
  const cases: [string, unknown][] = [
    ['a valid user', user],
    ['a user with an avatar', { ...user, avatar: '/avatars/u1.webp' }],
    ['extra keys, which are dropped', { ...user, role: 'admin', passwordHash: 'x' }],
    ['a missing field', { ...user, email: undefined }],
    ['a number where a string belongs', { ...user, id: 1 }],
    ['a missing avatar', { ...user, avatar: undefined }],
    ['hasPassword as a string', { ...user, hasPassword: 'true' }],
    ['null', null],
    ['an array', [user]],
    ['a string', 'ada'],
  ];
  it.each(cases)('agrees with UserSchema on %s', (_name, value) => {
    expect(parseStoredUser(value)).toEqual(zodAnswer(value));
  });

  it('agrees with UserSchema on its field list', () => {
    expect(Object.keys(parseStoredUser(user) ?? {}).sort()).toEqual(Object.keys(UserSchema.shape).sort());
  });
});

describe('displayName', () => {
  it('joins first and last name, else uses the e-mail local part', () => {
    expect(displayName(user)).toBe('Ada Lovelace');
    expect(displayName({ ...user, firstName: '', lastName: '' })).toBe('ada');
  });
});
