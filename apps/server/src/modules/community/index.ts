/**
 * The community module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Reviews, questions, updates and threads (requirements §12, decision 011), and deal health.
 * Everything else in this folder is private to it.
 */

export { communityHandlers } from './community.routes';
export { getCommunityPreview } from './community-preview';
export { type AskedQuestion, type CommunityDeps, holdsActiveItem, toAuthor } from './community-shared';
export { refreshDealHealth } from './deal-health';
export { getQuestion, getQuestions } from './questions.service';
export { getReviews, toReview } from './reviews.service';
export { getThreads } from './threads.service';
export { getUpdate, getUpdates } from './updates.service';
