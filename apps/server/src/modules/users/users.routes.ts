import { createHash } from 'node:crypto';
import { AppError } from '@everdeal/contracts';
import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from './email-change';
import { getEmailStatus, resendVerification, verifyEmail } from './email-verification';
import { AccountUnderAttackError, createLoginGuard, type LoginAttempt } from './login-guard';
import { AccountMessage } from './messages';
import { changePassword, forgotPassword, resetPassword } from './password-reset';
import { loginWithLink, mailSignInLink } from './sign-in-link';
import {
  deactivateUser,
  login,
  loginWithGoogle,
  logout,
  normalizeEmail,
  register,
  toUser,
  updateUserProfile,
} from './users.service';
import type { UsersDeps } from './users-deps';

/** Rate-limit keys name accounts by a hash, so Redis never holds the addresses themselves. */
const accountKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);

const attemptOf = (ip: string, email: string): LoginAttempt => ({ ip, account: accountKey(email) });

const isWrongCredentials = (error: unknown) =>
  error instanceof AppError && error.message === AccountMessage.invalidCredentials;

export function usersHandlers(deps: UsersDeps, limits: RateLimits) {
  // Decision 002: delays per address and account, and a mailed link instead of a wall per account.
  const guard = createLoginGuard(limits);

  return defineHandlers({
    'users/register': async (input, { request }) => {
      await limits.consume([
        ['registerPerIp', request.ip],
        ['registerPerEmail', accountKey(input.email)],
      ]);
      const result = await register(deps, input);
      await guard.recordSuccess(attemptOf(request.ip, input.email));
      return result;
    },
    'users/login': async (input, { request, reply }) => {
      const attempt = attemptOf(request.ip, input.email);
      try {
        await guard.beforeAttempt(attempt);
      } catch (error) {
        if (error instanceof AccountUnderAttackError) {
          // One link mail per account per 15 minutes, sent after the answer like every account mail.
          deps.tasks.runAfter(reply.raw, 'sign-in link mail', async () => {
            if (await limits.tryConsume('signInLinkMailPerEmail', attempt.account)) {
              await mailSignInLink(deps, input.email);
            }
          });
        }
        throw error;
      }
      try {
        const result = await login(deps, input);
        await guard.recordSuccess(attempt);
        return result;
      } catch (error) {
        if (isWrongCredentials(error)) await guard.recordFailure(attempt);
        throw error;
      }
    },
    'users/loginWithLink': async (input, { request }) => {
      await limits.consume([['signInLinkPerIp', request.ip]]);
      const result = await loginWithLink(deps, input.token);
      await guard.recordSuccess(attemptOf(request.ip, result.user.email));
      return result;
    },
    'users/login/google': async (input, { request }) => {
      // Each attempt costs a call to Google, so it shares the per-address login budget.
      await limits.consume([['loginPerIp', request.ip]]);
      const result = await loginWithGoogle(deps, input.idToken);
      await guard.recordSuccess(attemptOf(request.ip, result.user.email));
      return result;
    },
    'users/logout': (_input, { sessionId }) => logout(deps, sessionId),
    'users/forgotPassword': async (input, { request, reply }) => {
      const attempt = attemptOf(request.ip, input.email);
      await limits.consume([
        ['forgotPerIp', request.ip],
        ['forgotPerIpAndEmail', `${attempt.ip}:${attempt.account}`],
      ]);
      const isOwnersAddress = await guard.isKnownAddress(attempt);
      // Answered before any lookup: the same answer, as fast, with or without an account.
      deps.tasks.runAfter(reply.raw, 'password reset mail', async () => {
        // Strangers share a small budget of mails per account; the owner's addresses do not,
        // so nobody can use up the owner's resets.
        if (!isOwnersAddress && !(await limits.tryConsume('forgotMailsPerEmail', attempt.account))) return;
        await forgotPassword(deps, input.email);
      });
      return null;
    },
    'users/resetPassword': async (input, { request }) => {
      await limits.consume([
        ['resetPerIp', request.ip],
        ['resetPerToken', createHash('sha256').update(input.token).digest('hex').slice(0, 32)],
      ]);
      const { email } = await resetPassword(deps, input);
      // Holding the mailbox proves ownership: this address signs in normally even under attack.
      await guard.recordSuccess(attemptOf(request.ip, email));
      return null;
    },
    'users/getUserProfile': async (_input, { user }) => toUser(user),
    'users/updateUserProfile': (input, { user }) => updateUserProfile(deps, user, input),
    'users/changePassword': async (input, { user, sessionId }) => {
      await limits.consume([['changePasswordPerUser', user.id]]);
      return changePassword(deps, { user, sessionId }, input);
    },
    'users/getEmailStatus': (_input, { user }) => getEmailStatus(deps, user),
    'users/resendVerification': async (_input, { user }) => {
      await limits.consume([['resendVerificationPerUser', user.id]]);
      return resendVerification(deps, user);
    },
    'users/verifyEmail': async (input, { request, user }) => {
      await limits.consume([['emailLinkPerIp', request.ip]]);
      return verifyEmail(deps, user, input.token);
    },
    'users/changeEmail': async (input, { user, sessionId }) => {
      // Each request mails two addresses; a password guessed here shares changePassword's budget.
      const budgets: Parameters<typeof limits.consume>[0] = [['changeEmailPerUser', user.id]];
      if (user.passwordHash) budgets.push(['changePasswordPerUser', user.id]);
      await limits.consume(budgets);
      return requestEmailChange(deps, { user, sessionId }, input);
    },
    'users/confirmEmailChange': async (input, { request, user, sessionId }) => {
      await limits.consume([['emailLinkPerIp', request.ip]]);
      return confirmEmailChange(deps, { user, sessionId }, input.token);
    },
    'users/cancelEmailChange': (_input, { user }) => cancelEmailChange(deps, user),
    'users/deactivateUser': async (input, { user, sessionId }) => {
      // The password is guessed here as in changePassword: one budget for both.
      if (user.passwordHash) await limits.consume([['changePasswordPerUser', user.id]]);
      return deactivateUser(deps, { user, sessionId }, input);
    },
  });
}
