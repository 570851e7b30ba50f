import { type ApiPath, apiRoutes, ID_META_KEY, type IdMeta } from '@everdeal/contracts';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * The route table (packages/contracts/src/routes.ts) read as JSON Schema, so the fuzz and
 * authorization suites cover every route, including routes other branches add, without a test
 * change: what a route accepts, and which of its fields are ids of whose rows, is in its schema.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  [ID_META_KEY]?: IdMeta;
};

export const routePaths = Object.keys(apiRoutes) as ApiPath[];

const schemas = new Map<ApiPath, JsonSchema>();

/** The input schema of a route as JSON Schema (what a client may send, before defaults). */
export function inputSchemaOf(path: ApiPath): JsonSchema {
  let schema = schemas.get(path);
  if (!schema) {
    schema = z.toJSONSchema(apiRoutes[path].input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemas.set(path, schema);
  }
  return schema;
}

const MAX_GENERATED_ITEMS = 5;

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  // Small values find rows (ids 1, 2, 3 exist), the bounds find edge cases.
  return fc.oneof(
    fc.integer({ min: Math.max(min, Math.min(max, 1)), max: Math.min(max, Math.max(min, 20)) }),
    fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) }),
    fc.constantFrom(min, max),
  );
}

/**
 * Strings that match the pattern and fit the lengths. A filter that never passes makes
 * fast-check loop forever (a pattern's matches are short, so a 50-character minimum was never
 * met and the suites hung), so two generators are probed first: matches of the pattern kept when
 * long enough (a slug), or strings of the right length kept when they match (a pattern that only
 * forbids a character). One that finds none in a sample of 100 fails here, naming the field.
 */
function patternArbitrary(pattern: RegExp, minLength: number, maxLength: number, name: string): fc.Arbitrary<string> {
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  const matches = (value: string) => pattern.test(value);
  const candidates: [fc.Arbitrary<string>, (value: string) => boolean][] = [
    [fc.stringMatching(pattern), fits],
    [fc.string({ minLength, maxLength, unit: 'grapheme' }), matches],
  ];
  // Probed unfiltered: sampling a filtered arbitrary is the very loop this avoids.
  const working = candidates
    .filter(([generate, keep]) => fc.sample(generate, { numRuns: 100, seed: 1 }).some(keep))
    .map(([generate, keep]) => generate.filter(keep));
  if (working.length === 0)
    throw new Error(`no generator finds values for ${name} (${pattern}, ${minLength}-${maxLength})`);
  return fc.oneof(...working);
}

function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 64, 256);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email' || /email/i.test(name)) {
    return fc.oneof(fc.emailAddress(), fc.string({ minLength, maxLength }));
  }
  if (schema.pattern) return patternArbitrary(new RegExp(schema.pattern), minLength, maxLength, name);
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** Values the schema accepts (as far as JSON Schema can say: refinements may still refuse them). */
export function validArbitrary(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validArbitrary(variant, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      const record = Object.fromEntries(entries.map(([key, value]) => [key, validArbitrary(value, key)]));
      return fc.record(record, { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) });
    }
    case 'array':
      return fc.array(validArbitrary(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
      });
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArbitrary(schema, name);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An id field of a route's input: where it sits and whose rows it may name. */
export type IdField = { path: string[]; meta: IdMeta | undefined };

// `vatId` (decision 037) is a tax number the caller types, not a row of the store: it names no
// one's data, so no owner can be declared for it.
const ID_NAME = /(^id$|(?<!^vat)Id$|_id$)/;

/**
 * Every field that is, or is named like, an id, at any depth. `meta` is the declaration of
 * packages/contracts/src/ids.ts (`publicId`, `ownedId`, `ownedUuid`); an id-like field without one
 * is undeclared, and the authorization suite refuses it until its owner is declared.
 */
/** An id's declaration, also inside nested alternatives (`uuid | ''`, then nullable). */
function idMetaOf(schema: JsonSchema): IdField['meta'] {
  return schema[ID_META_KEY] ?? (schema.anyOf ?? schema.oneOf ?? []).map(idMetaOf).find(Boolean);
}

export function findIdFields(schema: JsonSchema, path: string[] = []): IdField[] {
  const found: IdField[] = [];
  const variants = schema.anyOf ?? schema.oneOf ?? [];
  const meta = idMetaOf(schema);
  const name = path.at(-1) ?? '';
  if (meta || (ID_NAME.test(name) && !schema.properties)) found.push({ path, meta });
  for (const variant of variants) {
    for (const field of findIdFields(variant, path)) if (field.path.length > path.length) found.push(field);
  }
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    found.push(...findIdFields(value, [...path, key]));
  if (schema.items) found.push(...findIdFields(schema.items, [...path, '0']));
  return found;
}
