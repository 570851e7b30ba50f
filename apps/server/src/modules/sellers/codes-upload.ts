import type { Readable } from 'node:stream';
import {
  AppError,
  CODE_SAMPLE_MAX,
  CODES_REPORT_SAMPLES,
  type CodeUploadReport,
  SellerMessage,
} from '@everdeal/contracts';
import { licenseCodes, licenseCodeUploads } from '@everdeal/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { recordBackInStock } from '../favorites';
import { CodeRowReader, CsvError, CsvReader } from './codes-csv';
import { markChanged, requireOwnPlan, requireOwnProduct, type SellerDeps } from './seller-access';

// License codes by CSV (requirements §13, decision 014), streamed end to end: the multipart
// file stream is decoded and parsed chunk by chunk, and every BATCH codes are inserted with one
// `insert … select unnest(…) on conflict do nothing` before more of the file is read, so memory
// stays flat whatever the file's size and the plan's unique key (plan, code) decides duplicates,
// also against another upload running at the same time.

/** Codes per insert: large enough that 100,000 codes are 50 statements, small enough to stay quick. */
export const CODES_BATCH = 2000;

/** Browsers and tools label CSVs in many ways; what matters is that the content is text. */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

export function looksLikeCsvFile(fileName: string, mimeType: string): boolean {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/octet-stream') return /\.(csv|txt)$/i.test(fileName);
  return CSV_TYPES.has(type);
}

type Pending = { code: string; line: number };

/** The running counts and the first few examples of each kind of refusal. */
class Tally {
  rows = 0;
  added = 0;
  duplicatesInFile = 0;
  duplicatesInPool = 0;
  invalid = 0;
  invalidSamples: CodeUploadReport['invalidSamples'] = [];
  duplicateSamples: CodeUploadReport['duplicateSamples'] = [];

  invalidRow(line: number, reason: string, value: string) {
    this.invalid += 1;
    if (this.invalidSamples.length < CODES_REPORT_SAMPLES) {
      this.invalidSamples.push({ line, reason, value: value.slice(0, CODE_SAMPLE_MAX) });
    }
  }

  duplicate(line: number, code: string, where: 'file' | 'pool') {
    if (where === 'file') this.duplicatesInFile += 1;
    else this.duplicatesInPool += 1;
    if (this.duplicateSamples.length < CODES_REPORT_SAMPLES) this.duplicateSamples.push({ line, code, where });
  }
}

/**
 * Inserts one batch and sorts out what was not inserted: a code this upload added earlier is a
 * repeat within the file; anything else (a code already in the pool, or one another upload added
 * a moment ago) is a duplicate of the pool. Codes never hold a line break (CODE_PATTERN), so the
 * batch travels as one newline-joined parameter, split by the database.
 */
async function insertBatch(deps: SellerDeps, planId: number, uploadId: string, batch: Pending[], tally: Tally) {
  const unique = new Map<string, number>();
  for (const { code, line } of batch) {
    if (unique.has(code)) tally.duplicate(line, code, 'file');
    else unique.set(code, line);
  }
  if (unique.size === 0) return;
  const joined = [...unique.keys()].join('\n');
  const inserted = await deps.db.execute<{ code: string }>(sql`
    insert into ${licenseCodes} (plan_id, code, upload_id)
    select ${planId}, batch.code, ${uploadId}::uuid from unnest(string_to_array(${joined}, chr(10))) as batch(code)
    on conflict (plan_id, code) do nothing
    returning code`);
  const insertedCodes = new Set(rowsOf<{ code: string }>(inserted).map((row) => row.code));
  tally.added += insertedCodes.size;
  if (insertedCodes.size === unique.size) return;
  const skipped = [...unique.keys()].filter((code) => !insertedCodes.has(code));
  const owners = await deps.db
    .select({ code: licenseCodes.code, uploadId: licenseCodes.uploadId })
    .from(licenseCodes)
    .where(
      and(
        eq(licenseCodes.planId, planId),
        sql`${licenseCodes.code} = any(string_to_array(${skipped.join('\n')}, chr(10)))`,
      ),
    );
  const ownerOf = new Map(owners.map((row) => [row.code, row.uploadId]));
  for (const code of skipped) {
    tally.duplicate(unique.get(code) ?? 0, code, ownerOf.get(code) === uploadId ? 'file' : 'pool');
  }
}

/** postgres.js answers an array of rows, PGlite `{rows}`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Reads the stream to its end and returns its text chunks one by one, refusing what is not text. */
async function* textOf(stream: Readable): AsyncGenerator<string> {
  // `fatal`: bytes that are not UTF-8 (a spreadsheet's binary format, an image) are not a CSV.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text.includes('\u0000')) throw AppError.validation(SellerMessage.codesNotCsv);
      yield text;
    }
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new AppError(422, SellerMessage.codesNotCsv, { cause: error });
    // The multipart limit cut the file off (decision 014: at most CODES_UPLOAD_MAX_BYTES).
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(422, SellerMessage.codesTooLarge, { cause: error });
    }
    throw error;
  }
}

/**
 * Streams one CSV into a plan's pool and answers the report. The upload row is written first and
 * finished with its counts; codes are committed batch by batch (a long transaction would hold the
 * embedded database's one connection for seconds), so a file refused half-way (not text after
 * all, a broken quote) keeps the codes of its earlier batches, and the report says so.
 */
export async function uploadCodes(
  deps: SellerDeps,
  userId: string,
  input: { planId: number; fileName: string; stream: Readable; isTruncated: () => boolean },
): Promise<CodeUploadReport> {
  const plan = await requireOwnPlan(deps.db, userId, input.planId);
  const [upload] = await deps.db
    .insert(licenseCodeUploads)
    .values({ planId: plan.planId, userId, fileName: input.fileName.slice(0, 200), createdAt: deps.now() })
    .returning({ id: licenseCodeUploads.id, createdAt: licenseCodeUploads.createdAt });
  if (!upload) throw new Error('insert into license_code_uploads returned no row');
  const tally = new Tally();
  let failure: unknown;
  try {
    const csv = new CsvReader();
    const rows = new CodeRowReader();
    let batch: Pending[] = [];
    const take = async (records: ReturnType<CsvReader['push']>) => {
      for (const record of records) {
        const row = rows.read(record);
        if (row === null || row.kind === 'blank') continue;
        tally.rows += 1;
        if (row.kind === 'invalid') tally.invalidRow(row.line, row.reason, row.value);
        else batch.push({ code: row.code, line: row.line });
        if (batch.length >= CODES_BATCH) {
          await insertBatch(deps, plan.planId, upload.id, batch, tally);
          batch = [];
        }
      }
    };
    for await (const text of textOf(input.stream)) await take(csv.push(text));
    try {
      await take(csv.end());
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      tally.rows += 1;
      tally.invalidRow(error.line, error.reason, '');
    }
    if (input.isTruncated()) throw AppError.validation(SellerMessage.codesTooLarge);
    await insertBatch(deps, plan.planId, upload.id, batch, tally);
  } catch (error) {
    failure = error;
  }
  const at = deps.now();
  const status = failure === undefined ? 'finished' : 'failed';
  let isPublished = false;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(licenseCodeUploads)
      .set({
        status,
        rows: tally.rows,
        added: tally.added,
        duplicatesInFile: tally.duplicatesInFile,
        duplicatesInPool: tally.duplicatesInPool,
        invalid: tally.invalid,
        finishedAt: at,
      })
      .where(eq(licenseCodeUploads.id, upload.id));
    if (tally.added > 0) {
      // New stock is a change of the product: a rejected one goes back to draft.
      const product = await requireOwnProduct(tx, userId, plan.productId, { lock: true });
      isPublished = product.isPublished;
      await markChanged(tx, product, at);
      // Wishlist alerts (decision 029): a plan whose only codes came with this upload, or with
      // one started after it (two uploads at once), was sold out when it began.
      const [fromUploads] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(licenseCodes)
        .innerJoin(licenseCodeUploads, eq(licenseCodeUploads.id, licenseCodes.uploadId))
        .where(
          and(
            eq(licenseCodes.planId, plan.planId),
            eq(licenseCodes.status, 'available'),
            gte(licenseCodeUploads.createdAt, upload.createdAt),
          ),
        );
      await recordBackInStock(tx, { planId: plan.planId, cameBack: fromUploads?.n ?? 0 }, at);
    }
  });
  // A plan that was sold out may be on sale again.
  if (isPublished) deps.catalogChanged(changedBy.codes(plan.productId, true));
  if (failure !== undefined) {
    if (failure instanceof AppError) {
      const added = tally.added > 0 ? ` (${tally.added} codes of it were added before it stopped)` : '';
      throw new AppError(failure.status, `${failure.message}${added}`, { cause: failure });
    }
    throw failure;
  }
  const [pool] = await deps.db
    .select({ available: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(and(eq(licenseCodes.planId, plan.planId), eq(licenseCodes.status, 'available')));
  return {
    uploadId: upload.id,
    rows: tally.rows,
    added: tally.added,
    duplicatesInFile: tally.duplicatesInFile,
    duplicatesInPool: tally.duplicatesInPool,
    invalid: tally.invalid,
    invalidSamples: tally.invalidSamples,
    duplicateSamples: tally.duplicateSamples,
    codesAvailable: pool?.available ?? 0,
  };
}
