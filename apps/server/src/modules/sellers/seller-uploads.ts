import {
  AppError,
  CODES_UPLOAD_MAX_BYTES,
  CodeUploadReportSchema,
  HttpErrorMessage,
  ImageUploadResultSchema,
  ok,
  ownedId,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIME_TYPES,
  SellerMessage,
  WITHOUT_NUL,
} from '@everdeal/contracts';
import type { UserRow } from '@everdeal/db';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Authenticator, requireSession } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';
import { looksLikeCsvFile, uploadCodes } from './codes-upload';
import { readProductImage, saveProductImage } from './product-images';
import type { SellerDeps } from './seller-access';
import { PRODUCT_IMAGE_URL_PREFIX } from './seller-products.service';

// The seller area's two multipart calls (decision 014), beside the JSON API like the avatar:
// `POST /api/seller/uploadCodes` (fields `planId`, then the file `codes`) and
// `POST /api/seller/uploadImage` (fields `productId`, `kind`, `alt`, then the file `image`). They
// check what the API plugin checks for a `seller` route: a session (401), the role (403), then
// the payload; then which seller's product it is (404, seller-access.ts).

export type SellerUploadDeps = SellerDeps & {
  authenticate: Authenticator;
  hasRole: (user: UserRow, role: 'seller') => Promise<boolean>;
  limits: RateLimits;
};

const MULTIPART_OVERHEAD = 64 * 1024;

function uploadErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** Maps what reading a multipart body can throw to requirements §8 statuses. */
function toUploadError(error: unknown, tooLarge: string, wrongType: string): unknown {
  if (error instanceof AppError) return error;
  const code = uploadErrorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError(422, tooLarge, { cause: error });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(422, wrongType, { cause: error });
  }
  // Any other of the multipart plugin's own refusals (a field too long, too many fields…).
  if (code?.startsWith('FST_')) {
    return new AppError(400, HttpErrorMessage[400], { cause: error });
  }
  // No boundary, a wrong one, a truncated part, a client that went away: a malformed body.
  if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) {
    return new AppError(400, HttpErrorMessage[400], { cause: error });
  }
  return error;
}

/** The value of a plain field sent before the file part. */
function fieldOf(file: MultipartFile, name: string): unknown {
  const field = file.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && one.type === 'field' ? one.value : undefined;
}

const CodesFieldsSchema = z.object({ planId: z.coerce.number().pipe(ownedId('sellerPlan')) });
const ImageFieldsSchema = z.object({
  productId: z.coerce.number().pipe(ownedId('sellerProduct')),
  kind: z.enum(['logo', 'gallery']),
  alt: z
    .string()
    .max(150)
    .regex(WITHOUT_NUL)
    .default('')
    .transform((alt) => alt.replace(/\s+/g, ' ').trim()),
});

async function requireSeller(deps: SellerUploadDeps, request: FastifyRequest): Promise<UserRow> {
  const { user } = await requireSession(deps.authenticate, request);
  if (!(await deps.hasRole(user, 'seller'))) throw AppError.forbidden();
  await deps.limits.consume([['sellerUploadPerUser', user.id]]);
  return user;
}

function refuseOversized(request: FastifyRequest, maxBytes: number, message: string) {
  const length = Number(request.headers['content-length']);
  // Refused before a byte is read, so no half of a file is ever stored.
  if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) throw AppError.validation(message);
}

export async function registerSellerUploads(app: FastifyInstance, deps: SellerUploadDeps) {
  // Served like avatars: immutable names, so a day of caching never shows a stale picture.
  app.get<{ Params: { name: string } }>(`${PRODUCT_IMAGE_URL_PREFIX}:name`, async (request, reply) => {
    const image = await readProductImage(deps, request.params.name);
    if (!image) throw AppError.notFound();
    return reply.type('image/webp').header('cache-control', 'public, max-age=86400').send(image);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CODES_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    scope.post(
      '/api/seller/uploadCodes',
      { bodyLimit: CODES_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD },
      async (request) => {
        const user = await requireSeller(deps, request);
        refuseOversized(request, CODES_UPLOAD_MAX_BYTES, SellerMessage.codesTooLarge);
        try {
          const file = await request.file();
          if (file?.fieldname !== 'codes') throw AppError.validation(SellerMessage.codesNoFile);
          const { planId } = CodesFieldsSchema.parse({ planId: fieldOf(file, 'planId') });
          if (!looksLikeCsvFile(file.filename, file.mimetype)) throw AppError.validation(SellerMessage.codesNotCsv);
          const report = await uploadCodes(deps, user.id, {
            planId,
            fileName: file.filename,
            stream: file.file,
            isTruncated: () => file.file.truncated,
          });
          return ok(CodeUploadReportSchema.parse(report));
        } catch (error) {
          throw toUploadError(error, SellerMessage.codesTooLarge, SellerMessage.codesNotCsv);
        }
      },
    );

    scope.post(
      '/api/seller/uploadImage',
      { bodyLimit: PRODUCT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD },
      async (request) => {
        const user = await requireSeller(deps, request);
        refuseOversized(request, PRODUCT_IMAGE_MAX_BYTES, SellerMessage.imageTooLarge);
        try {
          const file = await request.file({ limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES } });
          if (file?.fieldname !== 'image') throw AppError.validation(SellerMessage.imageType);
          const fields = ImageFieldsSchema.parse({
            productId: fieldOf(file, 'productId'),
            kind: fieldOf(file, 'kind'),
            alt: fieldOf(file, 'alt'),
          });
          if (!(PRODUCT_IMAGE_MIME_TYPES as readonly string[]).includes(file.mimetype)) {
            throw AppError.validation(SellerMessage.imageType);
          }
          const bytes = await file.toBuffer();
          const result = await saveProductImage(deps, user, { ...fields, bytes });
          return ok(ImageUploadResultSchema.parse(result));
        } catch (error) {
          throw toUploadError(error, SellerMessage.imageTooLarge, SellerMessage.imageType);
        }
      },
    );
  });
}
