/**
 * The contact module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The contact form (decision 009).
 * Everything else in this folder is private to it.
 */
export { contactHandlers } from './contact.routes';
