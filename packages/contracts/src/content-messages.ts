// Limits and texts of the blog, waitlist, contact and support calls (requirements §14, §15).
// Zod-free, like messages.ts: browser forms import them (`@everdeal/contracts/content-messages`)
// to check a field before sending and to show the server's own words.

/**
 * PostgreSQL text cannot hold U+0000: free text containing it is refused as "Invalid format"
 * (a 422) instead of failing in the database (requirements §8: no input answers 5xx).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is the one character it refuses.
export const WITHOUT_NUL = /^[^\u0000]*$/;

export const BLOG_PAGE_SIZE = 9;
export const BLOG_MAX_PAGE_SIZE = 24;
/** The RSS 2.0 feed of the latest posts, served beside the pages. */
export const BLOG_RSS_PATH = '/blog/rss.xml';
export const BLOG_RSS_ITEMS = 20;

/** At most this many categories as waitlist interests (the catalogue has ten). */
export const MAX_WAITLIST_INTERESTS = 20;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_ORDER_ID_MAX = 64;

export const BlogMessage = {
  postNotFound: 'Post not found',
} as const;

export const WaitlistMessage = {
  /** The same answer for a first and a repeated join: it never tells whether an address was on the list. */
  joined: 'You are on the list! We sent a confirmation to your inbox and will write when new deals go live.',
  unknownCategory: (slug: string) => `Unknown category: ${slug}`,
  tooManyInterests: `Choose at most ${MAX_WAITLIST_INTERESTS} categories`,
  unsubscribed: 'You have been unsubscribed from the Everdeal waitlist.',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid',
} as const;

export const ContactMessage = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Your name must be at most ${CONTACT_NAME_MAX} characters long`,
  subjectTooLong: `The subject must be at most ${CONTACT_SUBJECT_MAX} characters long`,
  messageRequired: 'Please write a message',
  messageTooShort: `Your message must be at least ${CONTACT_MESSAGE_MIN} characters long`,
  messageTooLong: `Your message must be at most ${CONTACT_MESSAGE_MAX} characters long`,
  sent: 'Thank you! Your message has been sent. We reply by e-mail, usually within one business day.',
} as const;

export const SupportMessage = {
  subjectRequired: 'Please enter a subject',
  subjectTooShort: `The subject must be at least ${TICKET_SUBJECT_MIN} characters long`,
  subjectTooLong: `The subject must be at most ${TICKET_SUBJECT_MAX} characters long`,
  messageRequired: 'Please write a message',
  messageTooLong: `Your message must be at most ${TICKET_MESSAGE_MAX} characters long`,
  orderIdInvalid: 'Please choose one of your orders',
  ticketNotFound: 'Ticket not found',
} as const;

/** How the ticket statuses read to the customer (decision 009 says how they move). */
export const TicketStatusLabel = {
  open: 'Open',
  awaiting_reply: 'Awaiting your reply',
  closed: 'Closed',
} as const;

/** The affiliate programme (requirements §13, §15; decision 012). */
export const AffiliateMessage = {
  notJoined: 'You have not joined the affiliate programme yet',
} as const;
/** Affiliate codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I). */
export const AFFILIATE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
