import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@everdeal/contracts';
import { AVATAR_MAX_BYTES } from '@everdeal/contracts';
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
    expect(body.data.avatar).toMatch(new RegExp(`^/uploads/avatars/${user.user.id}-[0-9a-f]{16}\\.webp$`));

    const served = await t.app.inject({ method: 'GET', url: body.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=86400/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const profile = await callApi<User>(t.app, 'users/getUserProfile', {}, { token: user.token });
    expect(profile.body.data.avatar).toBe(body.data.avatar);
  });

  it('replacing the avatar deletes the previous file', async () => {
    const user = await registerUser(t.app);
    const first = await upload(user.token, multipartBody('avatar', 'a.png', 'image/png', await png(300, 300)));
    const second = await upload(user.token, multipartBody('avatar', 'b.png', 'image/png', await png(300, 300)));
    expect(second.status).toBe(200);
    expect(second.body.data.avatar).not.toBe(first.body.data.avatar);
    expect(existsSync(join(t.dataDir, first.body.data.avatar))).toBe(false);
    expect(existsSync(join(t.dataDir, second.body.data.avatar))).toBe(true);
  });

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
