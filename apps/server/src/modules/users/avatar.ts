import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  AppError,
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  HttpErrorMessage,
  ok,
  UploadAvatarResultSchema,
} from '@everdeal/contracts';
import { type Db, type UserRow, userAvatars, users } from '@everdeal/db';
import multipart from '@fastify/multipart';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { type CatalogChanged, changedBy } from '../../lib/cache-tags';
import { type Authenticator, requireSession } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';
import { AccountMessage } from './messages';

export const AVATAR_SIZE_PX = 256;
/** Where avatars are served from: the database, so every instance has them (docs/operations.md). */
const AVATAR_URL_PREFIX = '/media/avatars/';
/** Avatars stored before they moved into the database (decision 008) live as files under DATA_DIR/uploads/avatars, served as uploads. */
const FILE_AVATAR_URL_PREFIX = '/uploads/avatars/';
const AVATAR_NAME = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;
// sharp refuses larger images before decoding them: a small file can declare a huge canvas.
const MAX_INPUT_PIXELS = 40_000_000;
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export type AvatarDeps = {
  db: Db;
  dataDir: string;
  now: () => Date;
  /** Reviews, questions and threads show their author's avatar (decision 044). */
  catalogChanged: CatalogChanged;
};

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

/** Stores the new avatar, points the user at it and removes the one it replaces, in one transaction. */
export async function saveAvatar(deps: AvatarDeps, user: UserRow, upload: Buffer): Promise<string> {
  const webp = await toAvatarWebp(upload);
  // A new name each time, so browsers and proxies never show a cached older picture.
  const name = `${user.id}-${randomBytes(8).toString('hex')}.webp`;
  const avatar = `${AVATAR_URL_PREFIX}${name}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(userAvatars).values({ name, userId: user.id, image: webp, createdAt: deps.now() });
    await tx.update(users).set({ avatarUrl: avatar, updatedAt: deps.now() }).where(eq(users.id, user.id));
    await tx.delete(userAvatars).where(and(eq(userAvatars.userId, user.id), ne(userAvatars.name, name)));
  });
  deps.catalogChanged(changedBy.author());
  if (user.avatarUrl?.startsWith(FILE_AVATAR_URL_PREFIX)) {
    // basename: the stored URL is ours, but a path must never climb out of the folder.
    await unlink(join(deps.dataDir, 'uploads', 'avatars', basename(user.avatarUrl))).catch(() => {});
  }
  return avatar;
}

function uploadErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/**
 * `GET /media/avatars/:name` serves the pictures from the database.
 * `POST /api/users/uploadAvatar` (decision 002): multipart field `avatar`, signed in. It is the one
 * non-JSON call, so it lives outside the contract table and multipart parsing is registered for
 * this route's scope only. Each upload costs a decode and a re-encode, so it is rate-limited per
 * user and per address (decision 002).
 */
export async function registerAvatarUpload(
  app: FastifyInstance,
  deps: AvatarDeps & { authenticate: Authenticator; limits: RateLimits },
) {
  // Cached a day like other uploads; a new picture gets a new name, so none is ever stale.
  app.get<{ Params: { name: string } }>(`${AVATAR_URL_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    const [row] = AVATAR_NAME.test(name)
      ? await deps.db.select({ image: userAvatars.image }).from(userAvatars).where(eq(userAvatars.name, name))
      : [];
    if (!row) throw AppError.notFound();
    return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(row.image);
  });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.post('/api/users/uploadAvatar', { bodyLimit: AVATAR_MAX_BYTES + 64 * 1024 }, async (request) => {
      const { user } = await requireSession(deps.authenticate, request);
      await deps.limits.consume([
        ['avatarPerUser', user.id],
        ['avatarPerIp', request.ip],
      ]);
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
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new AppError(422, AccountMessage.avatarType, { cause: error });
        }
        // Anything else was thrown while reading this request's body (no boundary, a wrong one,
        // a truncated part, a client that went away): the body is malformed, requirements §8.
        throw new AppError(400, HttpErrorMessage[400], { cause: error });
      }
      const avatar = await saveAvatar(deps, user, bytes);
      return ok(UploadAvatarResultSchema.parse({ avatar }));
    });
  });
}
