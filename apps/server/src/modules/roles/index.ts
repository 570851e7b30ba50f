/**
 * The roles module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Who is an admin or a seller (requirements §6).
 * Everything else in this folder is private to it.
 */
export { hasRole, setUserRoleByEmail } from './roles';
export { rolesHandlers } from './roles.routes';
