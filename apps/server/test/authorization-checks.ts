import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SuiteUser } from './owned-resources';
import { type IdField, type JsonSchema, validArbitrary } from './route-schemas';

/** A route as the authorization checks see it: where it is and what it accepts. */
export type RouteUnderTest = { url: string; schema: JsonSchema };

const CANDIDATES = 20;

function withValueAt(payload: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container: Record<string, unknown> =
    typeof payload === 'object' && payload !== null ? { ...(payload as Record<string, unknown>) } : {};
  container[head] = withValueAt(container[head], rest, value);
  return container;
}

async function post(app: FastifyInstance, url: string, payload: unknown, token: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: unknown } };
}

/**
 * Requirements §6: someone else's row answers 403 or 404. Builds payloads from the route's schema
 * with the owned id fields set to `owner`'s rows (`ownerFields`, by field name) and public ids set
 * to real rows (`publicIds`, by resource), sends them as `stranger` until one passes validation,
 * expects 403 or 404 for it, then sends the same payload as the owner, who must not be refused:
 * otherwise the 404 proved nothing (the row may not have existed).
 */
export async function expectOwnedIdsRefused(
  app: FastifyInstance,
  route: RouteUnderTest,
  idFields: IdField[],
  ids: { ownerFields: Record<string, unknown>; publicIds: Record<string, unknown> },
  users: { owner: SuiteUser; stranger: SuiteUser },
): Promise<void> {
  const candidates = fc.sample(validArbitrary(route.schema), { numRuns: CANDIDATES, seed: 16 });
  for (const candidate of candidates) {
    let payload = candidate;
    for (const field of idFields) {
      const name = field.path.at(-1) ?? '';
      const value = field.meta?.owner === 'caller' ? ids.ownerFields[name] : ids.publicIds[field.meta?.resource ?? ''];
      if (value !== undefined) payload = withValueAt(payload, field.path, value);
    }
    for (const [name, value] of Object.entries(ids.ownerFields)) payload = withValueAt(payload, [name], value);
    const asStranger = await post(app, route.url, payload, users.stranger.token);
    // A payload the schema refuses says nothing about ownership: try the next one.
    if (asStranger.status === 422 || asStranger.status === 400) continue;
    expect([403, 404], `${route.url} gave ${JSON.stringify(payload)} of another user: ${asStranger.status}`).toContain(
      asStranger.status,
    );
    expect(asStranger.body).toEqual({ code: asStranger.status, msg: expect.any(String), data: null });
    const asOwner = await post(app, route.url, payload, users.owner.token);
    expect([401, 403, 404], `${route.url} refused the owner's own ${JSON.stringify(payload)}`).not.toContain(
      asOwner.status,
    );
    return;
  }
  throw new Error(
    `No payload for ${route.url} got past validation in ${CANDIDATES} tries: give its fields in its factory (apps/server/test/owned-resources.ts).`,
  );
}
