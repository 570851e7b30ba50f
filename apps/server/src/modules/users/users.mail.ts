import { BRAND_NAME } from '@everdeal/contracts';
import type { MailBrand } from '../../lib/mail-layout';
import { renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

type Recipient = { email: string; firstName: string };

const greeting = (user: Recipient) => (user.firstName ? `Hi ${user.firstName},` : 'Hi,');

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
