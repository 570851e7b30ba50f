import { BRAND_NAME } from '@everdeal/contracts';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';

// The mails of a seller application (requirements §13, decision 015): the team hears of a new
// one, the applicant is told it arrived and then what was decided. Every mail goes to the
// contact address the applicant gave on the form.

export type ApplicationMailFields = {
  id: number;
  companyName: string;
  website: string;
  productName: string;
  email: string;
  description: string;
};

/** To the team (SUPPORT_EMAIL), the applicant as Reply-To, so answering it answers them. */
export function newApplicationMail(
  application: ApplicationMailFields,
  applicantAccountEmail: string,
  brand: MailBrand,
): MailMessage {
  const link = `${brand.publicUrl}/admin/applications`;
  return {
    to: brand.supportEmail,
    subject: `[Seller application] ${application.companyName}: ${application.productName}`,
    replyTo: { name: application.companyName, address: application.email },
    link,
    ...renderMail(
      {
        greeting: `A new application to sell on ${BRAND_NAME}.`,
        paragraphs: [
          `Company: ${application.companyName}`,
          `Website: ${application.website}`,
          `Product: ${application.productName}`,
          `Contact: ${application.email} (account ${applicantAccountEmail})`,
          `Reference: application ${application.id}`,
        ],
        quote: application.description,
        action: { label: 'Review applications', url: link },
        afterAction: ['Reply to this mail to write to the applicant.'],
      },
      brand,
    ),
  };
}

/** To the applicant: it arrived, and what happens next. */
export function applicationReceivedMail(application: ApplicationMailFields, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/launch`;
  return {
    to: application.email,
    subject: `We received your application to sell on ${BRAND_NAME}`,
    link,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `Thank you for applying to launch ${application.productName} on ${BRAND_NAME}. We test every product ourselves and reply within 5 business days.`,
          'What you sent us:',
        ],
        sections: [
          {
            title: application.companyName,
            lines: [`Website: ${application.website}`, `Product: ${application.productName}`],
          },
        ],
        quote: application.description,
        action: { label: 'See your application', url: link },
      },
      brand,
    ),
  };
}

export function applicationApprovedMail(application: ApplicationMailFields, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/seller`;
  return {
    to: application.email,
    subject: `Welcome to ${BRAND_NAME}: ${application.companyName} is approved`,
    link,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `Good news: your application to sell ${application.productName} on ${BRAND_NAME} is approved, and ${application.companyName} has a seller area.`,
          'There you create the product page and its plans, upload license codes and submit the deal for review.',
        ],
        action: { label: 'Open your seller area', url: link },
        afterAction: ['Log in with the account you applied from to find it.'],
      },
      brand,
    ),
  };
}

export function applicationRejectedMail(
  application: ApplicationMailFields,
  reason: string,
  brand: MailBrand,
): MailMessage {
  const link = `${brand.publicUrl}/launch`;
  return {
    to: application.email,
    subject: `Your application to sell on ${BRAND_NAME}`,
    link,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `Thank you for applying to launch ${application.productName} on ${BRAND_NAME}. We cannot accept the application as it is, for this reason:`,
        ],
        quote: reason,
        action: { label: 'Apply again', url: link },
        afterAction: ['You may apply again at any time, for example once the point above is addressed.'],
      },
      brand,
    ),
  };
}
