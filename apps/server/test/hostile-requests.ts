import fc from 'fast-check';
import { type JsonSchema, validArbitrary } from './route-schemas';

/**
 * Hostile requests for the fuzz suite (decision 008): payloads shaped by a route's schema with
 * hostile values mixed in at any depth, and raw bodies no schema describes (malformed JSON,
 * other content types, malformed multipart, deep nesting, a megabyte of text).
 */

export type FuzzBody = { payload: string | Buffer; contentType: string | undefined; kind: string };

const ONE_MB = 1024 * 1024;

const hostileNumber = fc.constantFrom(
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e308,
  -1e308,
  0,
  -0,
  -1,
  0.5,
  1e-7,
  Number.MAX_SAFE_INTEGER,
);

const anyUtf16Unit = fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code));

const hostileString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\ud83d',
      '',
      '   ',
      '\u202e\u2066',
      '\ufeff',
      '\uffff',
      "' or 1=1 --",
      '"; drop table users; --',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '%00%ff',
      `\${7*7}{{7*7}}`,
      '🦊'.repeat(300),
      'Ω≈ç√∫'.repeat(200),
    ),
  },
  { weight: 4, arbitrary: fc.string({ unit: anyUtf16Unit, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(ONE_MB - 100), 'é'.repeat(300_000)) },
);

/** An array or object nested `depth` levels deep. */
function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 5 }),
  fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([depth, asObject]) => nested(depth, asObject)),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileNumber, hostileString, wrongType);

/** Keys that mean something to JavaScript objects, and keys the database would refuse. */
const hostileKey = fc.constantFrom(
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__defineGetter__',
  'valueOf',
  'role',
  'isAdmin',
  'userId',
  'k\u0000',
  '\ud800',
);

/** The schema's shape, with hostile values in some fields (at any depth), optional fields left out, extra keys. */
export function hostilePayload(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.properties) {
    const entries = Object.entries(schema.properties);
    const fields = Object.fromEntries(entries.map(([key, value]) => [key, hostilePayload(value, key)]));
    return fc
      .tuple(
        fc.record(fields, { requiredKeys: schema.required ?? [] }),
        fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
  }
  return fc.oneof({ weight: 3, arbitrary: validArbitrary(schema, name) }, { weight: 1, arbitrary: hostileValue });
}

const jsonTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/JSON',
  'application/json; charset=latin1',
);

const otherTypes = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/json, text/plain',
  '*/*',
);

const malformedJson = fc.constantFrom(
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":1e999}',
  '[1,2,',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  'null',
  '1',
  '"text"',
  'true',
  '[]',
  '',
  ' ',
);

const multipartBody = fc.constantFrom(
  '--fuzz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--fuzz--\r\n',
  '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
  '--other--\r\n',
);

/** A request body for a route whose input has `schema`. */
export function fuzzBody(schema: JsonSchema): fc.Arbitrary<FuzzBody> {
  const payload = hostilePayload(schema);
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.tuple(payload, jsonTypes).map(([value, contentType]) => ({
        payload: JSON.stringify(value) ?? 'null',
        contentType,
        kind: 'schema-shaped JSON',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(payload, fc.nat()).map(([value, cut]) => {
        const text = JSON.stringify(value) ?? '';
        return {
          payload: text.slice(0, cut % Math.max(text.length, 1)),
          contentType: 'application/json',
          kind: 'truncated JSON',
        };
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(malformedJson, jsonTypes).map(([text, contentType]) => ({
        payload: text,
        contentType,
        kind: 'malformed JSON',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 100, max: 200_000 }), fc.boolean()).map(([depth, asObject]) => ({
        payload: asObject
          ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
          : `${'['.repeat(depth)}${']'.repeat(depth)}`,
        contentType: 'application/json',
        kind: 'deep nesting',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(ONE_MB - 64, ONE_MB + 64).map((size) => ({
        payload: JSON.stringify({ q: 'x'.repeat(size) }),
        contentType: 'application/json',
        kind: 'a megabyte',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
        contentType: 'application/json',
        kind: 'invalid UTF-8',
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            payload.map((value) => JSON.stringify(value) ?? ''),
            multipartBody,
          ),
          otherTypes,
        )
        .map(([text, contentType]) => ({ payload: text, contentType, kind: 'another content type' })),
    },
  );
}

/** Malformed and hostile multipart bodies for the avatar upload (decision 008: 135 of 212 such bodies once answered 500). */
export function avatarBody(validPng: Buffer): fc.Arbitrary<FuzzBody> {
  const part = (boundary: string, headers: string, content: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const complete = (boundary: string, content: Buffer | string, field = 'avatar', type = 'image/png') =>
    Buffer.concat([
      part(
        boundary,
        `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: ${type}`,
        content,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);
  const content = fc.oneof(
    fc.constant(validPng),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    fc.nat({ max: validPng.length }).map((cut) => validPng.subarray(0, cut)),
  );
  const typeHeader = (value: string) => `multipart/form-data; boundary=${value}`;
  return fc.oneof(
    fc
      .tuple(
        boundary,
        content,
        fc.constantFrom('avatar', 'picture', '', 'avatar\u0000'),
        fc.constantFrom('image/png', 'image/gif', 'text/plain', 'image/svg+xml', ''),
      )
      .map(([b, bytes, field, type]) => ({
        payload: complete(b, bytes, field, type),
        contentType: typeHeader(b),
        kind: 'well formed',
      })),
    fc.tuple(boundary, content, fc.nat()).map(([b, bytes, cut]) => {
      const body = complete(b, bytes);
      return { payload: body.subarray(0, cut % body.length), contentType: typeHeader(b), kind: 'truncated' };
    }),
    fc.tuple(boundary, boundary, content).map(([sent, declared, bytes]) => ({
      payload: complete(sent, bytes),
      contentType: typeHeader(declared),
      kind: 'wrong boundary',
    })),
    fc
      .tuple(
        boundary,
        content,
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/mixed',
          'multipart/form-data; boundary="unterminated',
        ),
      )
      .map(([b, bytes, contentType]) => ({ payload: complete(b, bytes), contentType, kind: 'no usable boundary' })),
    fc.tuple(boundary, fc.integer({ min: 2, max: 12 })).map(([b, count]) => ({
      payload: Buffer.concat([
        ...Array.from({ length: count }, (_, i) =>
          part(b, `Content-Disposition: form-data; name="f${i}"; filename="${i}.png"\r\nContent-Type: image/png`, 'x'),
        ),
        Buffer.from(`--${b}--\r\n`),
      ]),
      contentType: typeHeader(b),
      kind: 'many parts',
    })),
    fc.tuple(boundary, fc.string({ unit: anyUtf16Unit, maxLength: 400 })).map(([b, headers]) => ({
      payload: Buffer.concat([part(b, headers, 'x'), Buffer.from(`--${b}--\r\n`)]),
      contentType: typeHeader(b),
      kind: 'garbage headers',
    })),
    fc.uint8Array({ maxLength: 3000 }).map((bytes) => ({
      payload: Buffer.from(bytes),
      contentType: typeHeader('fuzz'),
      kind: 'random bytes',
    })),
  );
}

/**
 * Hostile multipart bodies for the seller area's uploads (decision 014): hostile values of the
 * fields sent before the file (`planId`, `productId`, `kind`, `alt`), a file that is text, bytes
 * or a picture under any label, cut anywhere, or under a boundary that is not the declared one.
 */
export function sellerUploadBody(fileField: 'codes' | 'image', fieldNames: string[], validFile: Buffer) {
  const hostileValue = fc.oneof(
    fc.constantFrom(
      '1',
      '2',
      '0',
      '-1',
      '2147483648',
      '1e400',
      'NaN',
      'logo',
      'gallery',
      '',
      '\u0000',
      'x'.repeat(2000),
    ),
    fc.string({ maxLength: 40 }),
  );
  const fields = fc.array(fc.tuple(fc.constantFrom(...fieldNames), hostileValue), { maxLength: 5 });
  const content = fc.oneof(
    fc.constant(validFile),
    fc.constant(Buffer.from('ABCD-0001\nABCD-0002\n"open')),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    fc.string({ maxLength: 300 }).map((text) => Buffer.from(text)),
  );
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);
  const build = (b: string, parts: [string, string][], bytes: Buffer, type: string) =>
    Buffer.concat([
      ...parts.map(([name, value]) =>
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="f"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
  const type = fc.constantFrom('text/csv', 'image/png', 'application/octet-stream', 'text/plain', '');
  return fc.oneof(
    fc.tuple(boundary, fields, content, type).map(([b, parts, bytes, t]) => ({
      payload: build(b, parts, bytes, t),
      contentType: `multipart/form-data; boundary=${b}`,
      kind: 'well formed',
    })),
    fc.tuple(boundary, fields, content, fc.nat()).map(([b, parts, bytes, cut]) => {
      const body = build(b, parts, bytes, 'text/csv');
      return {
        payload: body.subarray(0, cut % body.length),
        contentType: `multipart/form-data; boundary=${b}`,
        kind: 'truncated',
      };
    }),
    fc.tuple(boundary, boundary, fields, content).map(([sent, declared, parts, bytes]) => ({
      payload: build(sent, parts, bytes, 'text/csv'),
      contentType: `multipart/form-data; boundary=${declared}`,
      kind: 'wrong boundary',
    })),
  );
}
