import {
  APPLICATION_COMPANY_MAX,
  APPLICATION_COMPANY_MIN,
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_DESCRIPTION_MIN,
  APPLICATION_PRODUCT_MAX,
  APPLICATION_PRODUCT_MIN,
  APPLICATION_WEBSITE_MAX,
  ApplicationMessage,
  normalizeWebsite,
  WEBSITE_PATTERN,
} from '@everdeal/contracts/seller-application-rules';
import { emailError, textError } from '~/lib/field-rules';

export type ApplicationField = 'companyName' | 'website' | 'productName' | 'email' | 'description';

/** The application form's checks, in the words of the server's schema (contracts ApplyToSellInputSchema). */
export function applicationFieldError(name: ApplicationField, values: Readonly<Record<ApplicationField, string>>) {
  switch (name) {
    case 'companyName':
      return textError(values.companyName, {
        required: ApplicationMessage.companyRequired,
        min: { length: APPLICATION_COMPANY_MIN, message: ApplicationMessage.companyTooShort },
        max: { length: APPLICATION_COMPANY_MAX, message: ApplicationMessage.companyTooLong },
      });
    case 'website': {
      const website = normalizeWebsite(values.website);
      if (!website) return ApplicationMessage.websiteRequired;
      if (website.length > APPLICATION_WEBSITE_MAX) return ApplicationMessage.websiteTooLong;
      return WEBSITE_PATTERN.test(website) ? undefined : ApplicationMessage.websiteInvalid;
    }
    case 'productName':
      return textError(values.productName, {
        required: ApplicationMessage.productRequired,
        min: { length: APPLICATION_PRODUCT_MIN, message: ApplicationMessage.productTooShort },
        max: { length: APPLICATION_PRODUCT_MAX, message: ApplicationMessage.productTooLong },
      });
    case 'email':
      return emailError(values.email);
    case 'description':
      return textError(values.description, {
        required: ApplicationMessage.descriptionRequired,
        min: { length: APPLICATION_DESCRIPTION_MIN, message: ApplicationMessage.descriptionTooShort },
        max: { length: APPLICATION_DESCRIPTION_MAX, message: ApplicationMessage.descriptionTooLong },
      });
  }
}
