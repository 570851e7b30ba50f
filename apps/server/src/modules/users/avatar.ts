import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError, AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, ok, UploadAvatarResultSchema } from '@everdeal/contracts';
import { type Db, type UserRow, users } from '@everdeal/db';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type Authenticator, requireSession } from '../../plugins/auth';
import { AccountMessage } from './messages';

export const AVATAR_SIZE_PX = 256;
const AVATAR_URL_PREFIX = '/uploads/avatars/';
// sharp refuses larger images before decoding them: a small file can declare a huge canvas.
const MAX_INPUT_PIXELS = 40_000_000;
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export type AvatarDeps = { db: Db; dataDir: string; now: () => Date };

/** Decodes, crops to a centred square, resizes and re-encodes: only pixels we wrote are stored. */
async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!format || !DECODABLE_FORMATS.has(format)) throw new Error(`unsupported format ${format}`);
    return await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new AppError(422, AccountMessage.avatarType, { cause: error });
  }
}

/** Stores the new avatar, points the user at it and removes the one it replaces. */
export async function saveAvatar(deps: AvatarDeps, user: UserRow, upload: Buffer): Promise<string> {
  const webp = await toAvatarWebp(upload);
  const folder = join(deps.dataDir, 'uploads', 'avatars');
  await mkdir(folder, { recursive: true });
  // A new name each time, so browsers and proxies never show a cached older picture.
  const name = `${user.id}-${randomBytes(8).toString('hex')}.webp`;
  await writeFile(join(folder, name), webp);
  const avatar = `${AVATAR_URL_PREFIX}${name}`;
  await deps.db.update(users).set({ avatarUrl: avatar, updatedAt: deps.now() }).where(eq(users.id, user.id));
  if (user.avatarUrl?.startsWith(AVATAR_URL_PREFIX)) {
    // basename: the stored URL is ours, but a path must never climb out of the folder.
    await unlink(join(folder, basename(user.avatarUrl))).catch(() => {});
  }
  return avatar;
}

function uploadErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * `POST /api/users/uploadAvatar` (issue 3): multipart field `avatar`, signed in. It is the one
 * non-JSON call, so it lives outside the contract table and multipart parsing is registered for
 * this route's scope only.
 */
export async function registerAvatarUpload(app: FastifyInstance, deps: AvatarDeps & { authenticate: Authenticator }) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.post('/api/users/uploadAvatar', { bodyLimit: AVATAR_MAX_BYTES + 64 * 1024 }, async (request) => {
      const { user } = await requireSession(deps.authenticate, request);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (file?.fieldname !== 'avatar') throw new AppError(422, AccountMessage.avatarType);
        if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.mimetype)) {
          throw new AppError(422, AccountMessage.avatarType);
        }
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = uploadErrorCode(error);
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          throw new AppError(422, AccountMessage.avatarTooLarge, { cause: error });
        }
        if (code?.startsWith('FST_')) throw new AppError(422, AccountMessage.avatarType, { cause: error });
        throw error;
      }
      const avatar = await saveAvatar(deps, user, bytes);
      return ok(UploadAvatarResultSchema.parse({ avatar }));
    });
  });
}
