import { createHash } from 'node:crypto';
import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { changePassword, forgotPassword, resetPassword } from './password-reset';
import {
  deactivateUser,
  login,
  loginWithGoogle,
  logout,
  normalizeEmail,
  register,
  toUser,
  type UsersDeps,
  updateUserProfile,
} from './users.service';

/** Rate-limit keys name accounts by a hash, so Redis never holds the addresses themselves. */
const accountKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);

export function usersHandlers(deps: UsersDeps, limits: RateLimits) {
  return defineHandlers({
    'users/register': async (input, { request }) => {
      await limits.consume([
        ['registerPerIp', request.ip],
        ['registerPerEmail', accountKey(input.email)],
      ]);
      return register(deps, input);
    },
    'users/login': async (input, { request }) => {
      const account = accountKey(input.email);
      const ipAndAccount = `${request.ip}:${account}`;
      await limits.consume([
        ['loginPerIpAndEmail', ipAndAccount],
        ['loginPerIp', request.ip],
        ['loginPerEmail', account],
      ]);
      const result = await login(deps, input);
      // The owner got in: earlier typos from this address should not count against them later.
      await limits.reset('loginPerIpAndEmail', ipAndAccount);
      return result;
    },
    'users/login/google': async (input, { request }) => {
      // Each attempt costs a call to Google, so it shares the per-address login budget.
      await limits.consume([['loginPerIp', request.ip]]);
      return loginWithGoogle(deps, input.idToken);
    },
    'users/logout': (_input, { sessionId }) => logout(deps, sessionId),
    'users/forgotPassword': async (input, { request }) => {
      await limits.consume([
        ['forgotPerIp', request.ip],
        ['forgotPerEmail', accountKey(input.email)],
      ]);
      return forgotPassword(deps, input.email);
    },
    'users/resetPassword': async (input, { request }) => {
      await limits.consume([
        ['resetPerIp', request.ip],
        ['resetPerToken', createHash('sha256').update(input.token).digest('hex').slice(0, 32)],
      ]);
      return resetPassword(deps, input);
    },
    'users/getUserProfile': async (_input, { user }) => toUser(user),
    'users/updateUserProfile': (input, { user }) => updateUserProfile(deps, user, input),
    'users/changePassword': async (input, { user, sessionId }) => {
      await limits.consume([['changePasswordPerUser', user.id]]);
      return changePassword(deps, { user, sessionId }, input);
    },
    'users/deactivateUser': (_input, { user }) => deactivateUser(deps, user.id),
  });
}
