import { BRAND_NAME } from '@everdeal/contracts';
import type { MailBrand } from '../../lib/mail-layout';
import { greetingFor, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

type Recipient = { email: string; firstName: string };

const greeting = (user: Recipient) => greetingFor(user.firstName);

export function welcomeMail(user: Recipient, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/`;
  return {
    to: user.email,
    subject: `Welcome to ${BRAND_NAME}`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `Your ${BRAND_NAME} account is ready. Browse lifetime deals on AI software, keep a wishlist and buy with a risk-free guarantee.`,
        ],
        action: { label: 'Browse the deals', url: link },
        afterAction: ['If you did not create this account, write to us and we will close it.'],
      },
      brand,
    ),
  };
}

export function resetPasswordMail(user: Recipient, link: string, brand: MailBrand): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${BRAND_NAME} password`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: ['Someone asked to reset the password of your account. If it was you, choose a new one here:'],
        action: { label: 'Choose a new password', url: link },
        afterAction: [
          'The link works once and expires in 30 minutes. Setting a new password logs you out everywhere.',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ],
      },
      brand,
    ),
  };
}

/** Decision 002: sent when an account is under attack and someone signs in from a new address. */
export function signInLinkMail(user: Recipient, link: string, brand: MailBrand): MailMessage {
  return {
    to: user.email,
    subject: `Your ${BRAND_NAME} login link`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          'Someone tried many passwords on your account, so for now we only let in devices that logged in before, and people holding this link.',
          'If you are trying to log in, use this button:',
        ],
        action: { label: 'Log in to Everdeal', url: link },
        afterAction: [
          'The link works once and expires in 15 minutes.',
          'If it was not you, there is nothing to do: the attempts were stopped and your password still works on your devices. Choosing a longer password makes guessing it hopeless.',
        ],
      },
      brand,
    ),
  };
}

const changedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * Security notice to the account's address when its password changes, from the profile or with a
 * reset link (not at sign-up): what changed, when, and what to do if it was not the owner.
 */
export function passwordChangedMail(
  user: Recipient,
  change: { how: 'changed' | 'reset'; at: Date },
  brand: MailBrand,
): MailMessage {
  // The login page's "Forgot password?" sends a reset link.
  const link = `${brand.publicUrl}/auth/login`;
  return {
    to: user.email,
    subject: `Your ${BRAND_NAME} password was changed`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `The password of your ${BRAND_NAME} account was ${change.how === 'reset' ? 'reset with a link sent to this address' : 'changed from your profile'} on ${changedAtFormat.format(change.at)} (UTC).`,
          change.how === 'reset'
            ? 'Every device that was logged in has been logged out.'
            : 'Every other device that was logged in has been logged out.',
          'If it was you, there is nothing to do.',
          'If it was not you, open the login page below, choose "Forgot password?" to set a new password right away, and write to us so we can check your account and your orders.',
        ],
        action: { label: 'Open the login page', url: link },
        afterAction: [`Write to ${brand.supportEmail} if you need help.`],
      },
      brand,
    ),
  };
}
