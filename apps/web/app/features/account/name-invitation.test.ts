import { describe, expect, it } from 'vitest';
import { nameInvitation } from './name-invitation';

describe('nameInvitation', () => {
  it('invites a name on an account without one, and says nothing once there is one', () => {
    expect(nameInvitation({ firstName: '', lastName: '' })).toBe(
      'Add your name so sellers and other shoppers know who they are talking to.',
    );
    expect(nameInvitation({ firstName: '  ', lastName: '' })).toBeDefined();
    expect(nameInvitation({ firstName: 'Ada', lastName: '' })).toBeUndefined();
    expect(nameInvitation({ firstName: '', lastName: 'Lovelace' })).toBeUndefined();
  });
});
