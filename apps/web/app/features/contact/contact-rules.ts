import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  ContactMessage,
} from '@everdeal/contracts/content-messages';
import { emailError, textError } from '~/lib/field-rules';

export type ContactField = 'name' | 'email' | 'subject' | 'message';

/** The contact form's checks, in the words of the server's schema (contracts ContactInputSchema). */
export function contactFieldError(name: ContactField, values: Readonly<Record<ContactField, string>>) {
  switch (name) {
    case 'name':
      return textError(values.name, {
        required: ContactMessage.nameRequired,
        max: { length: CONTACT_NAME_MAX, message: ContactMessage.nameTooLong },
      });
    case 'email':
      return emailError(values.email);
    case 'subject':
      return textError(values.subject, {
        max: { length: CONTACT_SUBJECT_MAX, message: ContactMessage.subjectTooLong },
      });
    case 'message':
      return textError(values.message, {
        required: ContactMessage.messageRequired,
        min: { length: CONTACT_MESSAGE_MIN, message: ContactMessage.messageTooShort },
        max: { length: CONTACT_MESSAGE_MAX, message: ContactMessage.messageTooLong },
      });
  }
}

/** A subject asked for in the URL (`/contact?subject=Refund`), cut to what the form accepts. */
export function requestedSubject(params: URLSearchParams): string {
  return (params.get('subject') ?? '').replace(/\s+/g, ' ').trim().slice(0, CONTACT_SUBJECT_MAX);
}
