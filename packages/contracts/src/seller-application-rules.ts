// Seller applications from /launch (requirements §13, decision 015): limits, statuses and the
// texts the form, the admin page and the server share. Zod-free, so the browser imports them
// (`@everdeal/contracts/seller-application-rules`) to check a field before sending.

export const APPLICATION_COMPANY_MIN = 2;
export const APPLICATION_COMPANY_MAX = 120;
export const APPLICATION_PRODUCT_MIN = 2;
export const APPLICATION_PRODUCT_MAX = 80;
export const APPLICATION_WEBSITE_MAX = 500;
export const APPLICATION_DESCRIPTION_MIN = 50;
export const APPLICATION_DESCRIPTION_MAX = 5000;
export const APPLICATION_REASON_MIN = 10;
export const APPLICATION_REASON_MAX = 1000;
/** Applications per page of `admin/getApplications`. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** An http(s) address with a host: what a company's website must look like. */
export const WEBSITE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * "quillforge.example" → "https://quillforge.example": people type a bare domain, so one without
 * a scheme gets https://. Anything naming a scheme ("mailto:", "ftp://") is left for
 * WEBSITE_PATTERN to refuse; "host:8080" is a port, not a scheme. The form and the server's
 * schema both call this, so they accept the same addresses.
 */
export function normalizeWebsite(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

export const APPLICATION_STATUSES = ['open', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How a status reads, to the applicant and to the admin alike. */
export const ApplicationStatusLabel = {
  open: 'Under review',
  approved: 'Approved',
  rejected: 'Not accepted',
} as const satisfies Record<ApplicationStatus, string>;

export const ApplicationMessage = {
  companyRequired: 'Please enter your company’s name',
  companyTooShort: `The company name must be at least ${APPLICATION_COMPANY_MIN} characters long`,
  companyTooLong: `The company name must be at most ${APPLICATION_COMPANY_MAX} characters long`,
  websiteRequired: 'Please enter your website',
  websiteInvalid: 'Please enter a web address, like quillforge.example or https://quillforge.example',
  websiteTooLong: `The web address must be at most ${APPLICATION_WEBSITE_MAX} characters long`,
  productRequired: 'Please enter your product’s name',
  productTooShort: `The product name must be at least ${APPLICATION_PRODUCT_MIN} characters long`,
  productTooLong: `The product name must be at most ${APPLICATION_PRODUCT_MAX} characters long`,
  descriptionRequired: 'Please describe your product',
  descriptionTooShort: `The description must be at least ${APPLICATION_DESCRIPTION_MIN} characters long`,
  descriptionTooLong: `The description must be at most ${APPLICATION_DESCRIPTION_MAX} characters long`,
  reasonRequired: 'Please give the reason the applicant will read',
  reasonTooShort: `The reason must be at least ${APPLICATION_REASON_MIN} characters long`,
  reasonTooLong: `The reason must be at most ${APPLICATION_REASON_MAX} characters long`,
  /** 409: the partial unique index allows one open application per user. */
  alreadyOpen: 'You already have an application under review. We will reply by e-mail before you can apply again.',
  /** 409: approving or rejecting an application someone already decided. */
  alreadyDecided: 'This application was already decided',
  notFound: 'Application not found',
  submitted: 'Thank you! Your application is in. We reply by e-mail within 5 business days.',
} as const;
