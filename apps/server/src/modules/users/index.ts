/**
 * The users module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Accounts, sessions and passwords (decisions 002, 017, 018).
 * Everything else in this folder is private to it.
 */
export { registerAvatarUpload } from './avatar';
export { createPasswordHasher, OWASP_ARGON2ID, type PasswordHashCost } from './passwords';
export { findSession, generateToken, hashToken } from './sessions';
export { deleteSpentCredentials } from './spent-credentials';
export { usersHandlers } from './users.routes';
export { deactivateAccount, normalizeEmail } from './users.service';
export type { UsersDeps } from './users-deps';
