import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@everdeal/contracts';
import { AVATAR_MAX_BYTES } from '@everdeal/contracts';
import { userAvatars, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A multipart/form-data body with one file part, built by hand so the test controls every byte. */
function multipartBody(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----everdeal${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string | undefined, part: ReturnType<typeof multipartBody>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/uploadAvatar',
    payload: part.payload,
    headers: { 'content-type': part.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: response.statusCode,
    body: response.json() as { code: number; msg: string; data: { avatar: string } },
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();

describe('uploadAvatar', () => {
  it('stores a 256×256 WebP, serves it with a cache header and sets the profile avatar', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await upload(
      user.token,
      multipartBody('avatar', 'me.png', 'image/png', await png(640, 480)),
    );
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.avatar).toMatch(new RegExp(`^/media/avatars/${user.user.id}-[0-9a-f]{16}\\.webp$`));

    const served = await t.app.inject({ method: 'GET', url: body.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=86400/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const profile = await callApi<User>(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(profile.body.data.avatar).toBe(body.data.avatar);
  });

  it('replacing the avatar removes the previous picture; it lives in the database, not on this instance’s disk', async () => {
    const user = await registerUser(t.app);
    const first = await upload(user.token, multipartBody('avatar', 'a.png', 'image/png', await png(300, 300)));
    const second = await upload(user.token, multipartBody('avatar', 'b.png', 'image/png', await png(300, 300)));
    expect(second.status).toBe(200);
    expect(second.body.data.avatar).not.toBe(first.body.data.avatar);
    expect((await t.app.inject({ method: 'GET', url: first.body.data.avatar })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.body.data.avatar })).statusCode).toBe(200);
    const stored = await t.db
      .select({ name: userAvatars.name })
      .from(userAvatars)
      .where(eq(userAvatars.userId, user.user.id));
    expect(stored.map((row) => `/media/avatars/${row.name}`)).toEqual([second.body.data.avatar]);
    expect(existsSync(join(t.dataDir, 'uploads', 'avatars'))).toBe(false);
  });

  it('an avatar stored as a file before avatars moved into the database (decision 008) is still served, and removed when replaced', async () => {
    const user = await registerUser(t.app);
    const legacy = `/uploads/avatars/${user.user.id}-0123456789abcdef.webp`;
    mkdirSync(join(t.dataDir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(
      join(t.dataDir, legacy),
      await sharp(await png(10, 10))
        .webp()
        .toBuffer(),
    );
    await t.db.update(users).set({ avatarUrl: legacy }).where(eq(users.id, user.user.id));
    expect((await t.app.inject({ method: 'GET', url: legacy })).statusCode).toBe(200);
    const replaced = await upload(user.token, multipartBody('avatar', 'b.png', 'image/png', await png(30, 30)));
    expect(replaced.status).toBe(200);
    expect(existsSync(join(t.dataDir, legacy))).toBe(false);
  });

  it.each(['nope', '../../etc/passwd', `${'a'.repeat(36)}-0123456789abcdef.webp`])(
    'an unknown avatar name (%s) is a 404',
    async (name) => {
      expect(
        (await t.app.inject({ method: 'GET', url: `/media/avatars/${encodeURIComponent(name)}` })).statusCode,
      ).toBe(404);
    },
  );

  it.each([
    ['a text file', 'avatar', 'notes.txt', 'text/plain', Buffer.from('hello, not an image')],
    ['text pretending to be a PNG', 'avatar', 'fake.png', 'image/png', Buffer.from('hello, not an image')],
    [
      'an SVG (scripts inside)',
      'avatar',
      'x.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
  ])('%s is a 422', async (_name, field, filename, type, content) => {
    const user = await registerUser(t.app);
    const { status, body } = await upload(user.token, multipartBody(field, filename, type, content));
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg: 'Please upload a JPEG, PNG, WebP or GIF image', data: null });
  });

  it('a file in another field is a 422', async () => {
    const user = await registerUser(t.app);
    const { status } = await upload(user.token, multipartBody('picture', 'me.png', 'image/png', await png(10, 10)));
    expect(status).toBe(422);
  });

  it('a file over 5 MB is a 422', async () => {
    const user = await registerUser(t.app);
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1024, 7);
    const { status, body } = await upload(user.token, multipartBody('avatar', 'big.png', 'image/png', big));
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg: 'Images must be 5 MB or smaller', data: null });
  });

  it('without a session it is a 401', async () => {
    const { status, body } = await upload(undefined, multipartBody('avatar', 'me.png', 'image/png', await png(10, 10)));
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: 'User not logged in', data: null });
  });

  it('a JSON body is a 422, not a crash', async () => {
    const user = await registerUser(t.app);
    const { status } = await callApi(t.app, 'users/uploadAvatar', { avatar: 'x' }, { token: user.token });
    expect(status).toBe(422);
  });
});

describe('malformed multipart (decision 008: 135 of 212 such bodies once answered 500)', () => {
  let token: string;
  let valid: { payload: Buffer; contentType: string };
  beforeAll(async () => {
    token = (await registerUser(t.app)).token;
    valid = multipartBody('avatar', 'me.png', 'image/png', await png(16, 16));
  });

  async function send(payload: Buffer | string, contentType: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/uploadAvatar',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: unknown } };
  }

  function expectClientError({ status, body }: { status: number; body: { code: number; msg: string; data: unknown } }) {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body).toEqual({ code: status, msg: expect.any(String), data: null });
  }

  it('no boundary is a 400', async () => {
    const answer = await send(valid.payload, 'multipart/form-data');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, msg: 'Invalid request data', data: null });
  });

  it.each([
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=nope',
    'multipart/form-data; charset=utf-8',
  ])('content type %s is a 4xx', async (contentType) => {
    expectClientError(await send(valid.payload, contentType));
  });

  it('a body cut before the end of the file is a 4xx, never a 500', async () => {
    // The file's bytes end where the closing delimiter "\r\n--boundary--\r\n" starts; a cut
    // inside that delimiter leaves the file whole, and either answer is then fair.
    const fileEnd = valid.payload.lastIndexOf(Buffer.from('\r\n--'));
    const cuts = Array.from({ length: 40 }, (_, i) => Math.floor(((i + 1) * fileEnd) / 41));
    for (const cut of [1, 2, 10, ...cuts, fileEnd - 1, fileEnd]) {
      expectClientError(await send(valid.payload.subarray(0, cut), valid.contentType));
    }
    for (let cut = fileEnd + 1; cut < valid.payload.length; cut++) {
      const { status } = await send(valid.payload.subarray(0, cut), valid.contentType);
      expect(status).toBeLessThan(500);
    }
  });

  it.each([
    ['only the closing boundary', (b: string) => `--${b}--\r\n`],
    ['a part without headers', (b: string) => `--${b}\r\n\r\nhello\r\n--${b}--\r\n`],
    ['a part without a name', (b: string) => `--${b}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${b}--\r\n`],
    [
      'LF instead of CRLF',
      (b: string) => `--${b}\nContent-Disposition: form-data; name="avatar"; filename="a.png"\n\nx\n--${b}--\n`,
    ],
    ['garbage', () => '\u0000\u0001garbage'],
    [
      'two files',
      (b: string) => {
        const part = `--${b}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n`;
        return `${part}${part}--${b}--\r\n`;
      },
    ],
    [
      'many fields',
      (b: string) =>
        `${Array.from({ length: 20 }, (_, i) => `--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')}--${b}--\r\n`,
    ],
  ])('%s is a 4xx', async (_name, build) => {
    const boundary = 'everdealboundary';
    expectClientError(await send(build(boundary), `multipart/form-data; boundary=${boundary}`));
  });
});

describe('rate limit', () => {
  it('each user has a budget of uploads, then 429 with Retry-After', async () => {
    const limited = await createTestApp({ rateLimits: { avatarPerUser: { points: 2, durationSeconds: 3600 } } });
    try {
      const user = await registerUser(limited.app);
      const body = multipartBody('avatar', 'me.png', 'image/png', await png(16, 16));
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 3; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/users/uploadAvatar',
          payload: body.payload,
          headers: { 'content-type': body.contentType, authorization: `Bearer ${user.token}` },
        });
        statuses.push(response.statusCode);
        retryAfter = response.headers['retry-after'];
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(3000);
      // Another user is not affected.
      const other = await registerUser(limited.app);
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/users/uploadAvatar',
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: `Bearer ${other.token}` },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
