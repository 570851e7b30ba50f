import { EmptyInputSchema } from '../auth';
import { BlogPostListSchema, BlogPostSchema, GetPostInputSchema, GetPostsInputSchema } from '../blog';
import { ContactInputSchema, ContactResultSchema } from '../contact';
import type { ApiRouteDefinition } from '../routes';
import {
  CreateTicketInputSchema,
  ReplyToTicketInputSchema,
  TicketListSchema,
  TicketRefInputSchema,
  TicketResultSchema,
} from '../support';
import {
  JoinWaitlistInputSchema,
  UnsubscribeWaitlistInputSchema,
  UnsubscribeWaitlistResultSchema,
  WaitlistEntrySchema,
} from '../waitlist';
import { defineRoute } from './define-route';

/** Content and contact (requirements §14): the blog, the waitlist, the contact form and support tickets. */
export const contentRoutes = {
  'blog/getPosts': defineRoute({
    input: GetPostsInputSchema,
    output: BlogPostListSchema,
    summary: 'Published blog posts, newest first, paged, optionally with one tag; plus every tag with its count',
    tag: 'blog',
  }),
  'blog/getPost': defineRoute({
    input: GetPostInputSchema,
    output: BlogPostSchema,
    summary: 'One published post with its Markdown body rendered and sanitised; 404 for an unknown or unpublished slug',
    tag: 'blog',
  }),
  'waitlist/join': defineRoute({
    input: JoinWaitlistInputSchema,
    output: WaitlistEntrySchema,
    summary:
      'Join the waitlist with optional category interests; a second join of an address (any letter case) updates it. Mails a confirmation with an unsubscribe link',
    tag: 'waitlist',
  }),
  'waitlist/unsubscribe': defineRoute({
    input: UnsubscribeWaitlistInputSchema,
    output: UnsubscribeWaitlistResultSchema,
    summary: 'Leave the waitlist with the token of a mail’s unsubscribe link (idempotent)',
    tag: 'waitlist',
  }),
  'contact/send': defineRoute({
    input: ContactInputSchema,
    output: ContactResultSchema,
    summary: 'Store a contact message and mail it to the support address with the sender as Reply-To; rate-limited',
    tag: 'contact',
  }),
  'support/createTicket': defineRoute({
    input: CreateTicketInputSchema,
    output: TicketResultSchema,
    summary: 'Open a support ticket, optionally about one order; the support team is mailed',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/getTickets': defineRoute({
    input: EmptyInputSchema,
    output: TicketListSchema,
    summary: 'The signed-in user’s tickets, latest activity first',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/getTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'One of the caller’s tickets with its thread; 404 for anyone else’s',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/replyToTicket': defineRoute({
    input: ReplyToTicketInputSchema,
    output: TicketResultSchema,
    summary: 'Add a message to one of the caller’s tickets (reopens a closed one); the support team is mailed',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/closeTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'Close one of the caller’s tickets (idempotent)',
    tag: 'support',
    requiresAuth: true,
  }),
  'support/reopenTicket': defineRoute({
    input: TicketRefInputSchema,
    output: TicketResultSchema,
    summary: 'Reopen one of the caller’s closed tickets (idempotent)',
    tag: 'support',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
