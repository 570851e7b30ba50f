/**
 * The admin module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The admin area (requirements §13, decision 015): its API handlers and what they need.
 * Everything else in this folder is private to it.
 */

export { adminHandlers } from './admin.routes';
export type { AdminDeps } from './admin-deps';
