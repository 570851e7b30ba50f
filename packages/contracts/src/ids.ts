import { z } from 'zod';

/**
 * PostgreSQL's `integer` (and so `serial`) maximum. A JSON number above it passed zod's `int()`
 * (safe integers reach 2^53) and then failed in the database as a 500; requirements §8 wants a
 * 4xx for any input, so every serial id is bounded here, before a query is built.
 */
export const MAX_SERIAL_ID = 2_147_483_647;

/** The JSON Schema keyword (and zod metadata key) that says which rows an id may point at. */
export const ID_META_KEY = 'x-everdeal-id';

/**
 * Who may pass an id: `public` for rows anyone may read (a product, a plan), `caller` for rows
 * that belong to the signed-in user (an order, a payment method). Another user's `caller` id
 * must answer 403 or 404 (requirements §6); the authorization suite finds these fields through
 * this metadata in each route's input schema, so a new route is covered by declaring its ids.
 */
export type IdOwner = 'public' | 'caller';
export type IdMeta = { owner: IdOwner; resource: string };

function serialId(resource: string, owner: IdOwner, message: string) {
  return z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(MAX_SERIAL_ID, message)
    .meta({ [ID_META_KEY]: { owner, resource } satisfies IdMeta });
}

/** A serial id of a row anyone may read (a product, a plan). */
export function publicId(resource: string, message = `must be a ${resource} id`) {
  return serialId(resource, 'public', message);
}

/** A serial id of a row of the caller's own (orders, tickets): anyone else's answers 403 or 404. */
export function ownedId(resource: string, message = `must be a ${resource} id`) {
  return serialId(resource, 'caller', message);
}

/**
 * A UUID of a row the caller may name whoever owns it: the admin area acts on any user's orders
 * and accounts (decision 015), behind the route table's `role: 'admin'`.
 */
export function publicUuid(resource: string, message = `must be a ${resource} id`) {
  return z.uuid({ error: message }).meta({ [ID_META_KEY]: { owner: 'public', resource } satisfies IdMeta });
}

/** A UUID of a row of the caller's own (the id kind of `users`, `sessions` and their children). */
export function ownedUuid(resource: string, message = `must be a ${resource} id`) {
  return z.uuid({ error: message }).meta({ [ID_META_KEY]: { owner: 'caller', resource } satisfies IdMeta });
}
