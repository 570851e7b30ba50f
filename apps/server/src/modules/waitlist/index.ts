/**
 * The waitlist module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The waitlist and its deal announcements (decision 009).
 * Everything else in this folder is private to it.
 */

export { registerOneClickUnsubscribe, waitlistHandlers } from './waitlist.routes';
export {
  type AnnouncerDeps,
  addWaitlistMailRenderers,
  detectLiveDeals,
  runWaitlistAnnouncements,
} from './waitlist-announcer';
