/**
 * The support module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Support tickets (decision 009); admins answer them from the admin area.
 * Everything else in this folder is private to it.
 */
export { supportHandlers } from './support.routes';
export { loadThread, type TicketRow, ticketColumns, toSummary } from './support.service';
export { ticketAnsweredMail } from './ticket-customer.mail';
