import { BRAND_NAME } from '@everdeal/contracts';
import type { MailBrand } from '../../lib/mail-layout';
import { greetingFor, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import type { QueuedMail } from '../mail';

type Recipient = { email: string; firstName: string };

const greeting = (user: Recipient) => greetingFor(user.firstName);

/**
 * Every mail of this file is security mail (decision 029): it always goes out and carries no
 * unsubscribe link. Queued with the change that causes it, keyed by that event (`kind:event`, the
 * event naming its one recipient), so one event never mails twice.
 */
export function accountMail(kind: string, event: string, userId: string, message: MailMessage): QueuedMail {
  return { key: `${kind}:${event}`, kind, to: message.to, userId, message };
}

/**
 * Sent at sign-up. A password sign-up's address is not proven yet, so its welcome carries the
 * verification link (decision 027: one mail, not two); Google already vouched for the others.
 */
export function welcomeMail(user: Recipient, brand: MailBrand, verifyLink?: string): MailMessage {
  const link = verifyLink ?? `${brand.publicUrl}/`;
  return {
    to: user.email,
    subject: `Welcome to ${BRAND_NAME}`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `Your ${BRAND_NAME} account is ready. Browse lifetime deals on AI software, keep a wishlist and buy with a risk-free guarantee.`,
          ...(verifyLink ? ['Please confirm that this e-mail address is yours:'] : []),
        ],
        action: verifyLink
          ? { label: 'Confirm my e-mail address', url: verifyLink }
          : { label: 'Browse the deals', url: link },
        afterAction: [
          ...(verifyLink ? ['The link works once and expires in 24 hours.'] : []),
          'If you did not create this account, write to us and we will close it.',
        ],
      },
      brand,
    ),
  };
}

/** Decision 027: a new verification link the owner asked for from the account page. */
export function verifyEmailMail(user: Recipient, link: string, brand: MailBrand): MailMessage {
  return {
    to: user.email,
    subject: `Confirm your ${BRAND_NAME} e-mail address`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [`Please confirm that this is the e-mail address of your ${BRAND_NAME} account:`],
        action: { label: 'Confirm my e-mail address', url: link },
        afterAction: [
          'The link works once and expires in 24 hours.',
          'If you do not have an account with us, ignore this mail.',
        ],
      },
      brand,
    ),
  };
}

/** `nina@example.com` → `n***@example.com`: enough for the owner to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.slice(0, 1)}***${email.slice(at)}` : '***';
}

/**
 * Decision 027: to the NEW address. Nothing changes until its holder opens the link while signed
 * in to the account that asked, so a mistyped address cannot take the account.
 */
export function confirmEmailChangeMail(
  user: Recipient,
  change: { newEmail: string; link: string },
  brand: MailBrand,
): MailMessage {
  return {
    to: change.newEmail,
    subject: `Confirm your new ${BRAND_NAME} e-mail address`,
    link: change.link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `You asked to use this address for your ${BRAND_NAME} account instead of ${maskEmail(user.email)}. Open the link while logged in to that account to confirm:`,
        ],
        action: { label: 'Use this e-mail address', url: change.link },
        afterAction: [
          'The link works once and expires in 24 hours. Until then you keep logging in with your current address.',
          'If you did not ask for this, ignore this mail: nothing changes.',
        ],
      },
      brand,
    ),
  };
}

/** Decision 027: security notice to the OLD address when a change is asked for. */
export function emailChangeNoticeMail(user: Recipient, newEmail: string, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/auth/login`;
  return {
    to: user.email,
    subject: `Your ${BRAND_NAME} e-mail address is being changed`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `Someone logged in to your account asked to change its e-mail address to ${maskEmail(newEmail)}. The change happens only when the link we sent to that address is opened, within 24 hours.`,
          'If it was you, there is nothing to do.',
          'If it was not you, open the login page below and choose "Forgot password?": setting a new password cancels the change and logs out every device. Then write to us so we can check your account.',
        ],
        action: { label: 'Open the login page', url: link },
        afterAction: [`Write to ${brand.supportEmail} if you need help.`],
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

/**
 * To the address Google proved, when its account had a password set before anyone confirmed the
 * address: whoever chose that password never showed they own the mailbox, so it was removed
 * (decision 027, "An account registered in someone else's name").
 */
export function passwordRemovedForGoogleMail(user: Recipient, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/auth/login`;
  return {
    to: user.email,
    subject: `You signed in to ${BRAND_NAME} with Google`,
    link,
    ...renderMail(
      {
        greeting: greeting(user),
        paragraphs: [
          `You signed in with Google, which confirmed this address. The ${BRAND_NAME} account registered under it had a password set before the address was confirmed, so we removed that password and logged every other device out: only the owner of this address can sign in now.`,
          'To sign in with a password as well, open the login page below and choose "Forgot password?": the link comes to this address.',
          'If you did not register this account yourself, look at its orders and write to us if anything there is not yours.',
        ],
        action: { label: 'Open the login page', url: link },
        afterAction: [`Write to ${brand.supportEmail} if you need help.`],
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
