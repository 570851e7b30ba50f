import { AppError } from '@everdeal/contracts';
import type { UserRow } from '@everdeal/db';
import type { FastifyRequest } from 'fastify';
import type { Answer } from '../lib/background-tasks';

/** Who is calling: the user row (checked active) and the session the bearer token belongs to. */
export type AuthSession = { user: UserRow; sessionId: string };

/** Resolves a bearer token to a live session, or null; the users module provides it. */
export type Authenticator = (token: string) => Promise<AuthSession | null>;

// Our tokens are 43 characters; anything far longer is not ours and is not worth hashing.
const MAX_TOKEN_LENGTH = 200;

/** The token of `Authorization: Bearer <token>` (requirements §7), or null when there is none. */
export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return token;
}

/**
 * The caller's session, or a 401 "User not logged in" (requirements §6) for a missing, unknown,
 * expired or revoked token or a deactivated user: one answer, so a client cannot tell which.
 */
export async function requireSession(authenticate: Authenticator, request: FastifyRequest): Promise<AuthSession> {
  const token = readBearerToken(request);
  const session = token ? await authenticate(token) : null;
  if (!session) throw AppError.unauthorized();
  return session;
}

/** Who calls a license route (decision 032): the API key and the seller it acts for. */
export type ApiKeyCaller = { keyId: string; sellerId: number };

/**
 * Resolves the bearer of a license call to its key, or throws: 401 for a missing, unknown or
 * revoked key (one answer, as for sessions), 429 past the key's calls a minute. The licensing
 * module provides it.
 */
export type ApiKeyAuthenticator = (
  token: string | null,
  /** The answer being prepared: work after the call (the key's last use) waits for it to be sent. */
  answer: Answer,
) => Promise<ApiKeyCaller>;
