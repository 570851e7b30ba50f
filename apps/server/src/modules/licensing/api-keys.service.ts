import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PREFIX,
  API_KEYS_PER_SELLER_MAX,
  type ApiKey,
  type ApiKeys,
  AppError,
  type CreateApiKeyInput,
  type CreateApiKeyResult,
  type GetApiKeysInput,
  LicensingMessage,
  SellerMessage,
} from '@everdeal/contracts';
import { type Db, type SellerApiKeyRow, sellerApiKeys, sellerMembers, sellers, type UserRow } from '@everdeal/db';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnswerCache } from '../../lib/answer-cache';
import { generateToken, hashToken } from '../../lib/opaque-token';
import { recordSellerEdit } from '../audit';

// Decision 032: a seller's members create, list and revoke its API keys. Each call names the
// seller (or the caller is a member of only one); a seller the caller is no member of, and a key
// of such a seller, answer 404 as an unknown one does (decision 014's rule).

export type ApiKeysDeps = { db: Db; now: () => Date; keyCache: AnswerCache };
/** The member acting: their id for membership, their e-mail for the audit log. */
export type ApiKeyActor = Pick<UserRow, 'id' | 'email'>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The seller a key call acts for: the one named, or the caller's only one. */
export async function resolveSellerId(db: Db, userId: string, sellerId: number | undefined): Promise<number> {
  const memberships = await db
    .select({ sellerId: sellerMembers.sellerId })
    .from(sellerMembers)
    .where(
      and(eq(sellerMembers.userId, userId), ...(sellerId === undefined ? [] : [eq(sellerMembers.sellerId, sellerId)])),
    )
    .limit(2);
  const [first] = memberships;
  if (!first) throw AppError.notFound(SellerMessage.notAMember);
  if (memberships.length > 1) throw AppError.validation(LicensingMessage.chooseSeller);
  return first.sellerId;
}

function toApiKey(row: SellerApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

/**
 * `seller/createApiKey`: `evd_` and 256 random bits (lib/opaque-token.ts), answered once; the
 * table keeps its SHA-256 and its first characters. The seller row is locked while the unrevoked
 * keys are counted, so two creations at once cannot pass the limit together. Audited.
 */
export async function createApiKey(
  { db, now }: ApiKeysDeps,
  actor: ApiKeyActor,
  input: CreateApiKeyInput,
): Promise<CreateApiKeyResult> {
  const sellerId = await resolveSellerId(db, actor.id, input.sellerId);
  const key = `${API_KEY_PREFIX}${generateToken()}`;
  const prefix = key.slice(0, API_KEY_DISPLAY_LENGTH);
  const at = now();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(sellerApiKeys)
      .where(and(eq(sellerApiKeys.sellerId, sellerId), isNull(sellerApiKeys.revokedAt)));
    if ((held?.n ?? 0) >= API_KEYS_PER_SELLER_MAX) throw AppError.conflict(LicensingMessage.tooManyKeys);
    const [created] = await tx
      .insert(sellerApiKeys)
      .values({
        sellerId,
        name: input.name,
        keyHash: hashToken(key),
        keyPrefix: prefix,
        createdBy: actor.id,
        createdAt: at,
      })
      .returning();
    if (!created) throw new Error('the API key was not inserted');
    await recordSellerEdit(
      tx,
      actor,
      {
        action: 'api_key.create',
        targetKind: 'api_key',
        targetId: created.id,
        subject: `${created.name} (${prefix}…) of seller #${sellerId}`,
        before: null,
        after: { name: created.name, prefix, sellerId },
      },
      at,
    );
    return created;
  });
  return { id: row.id, name: row.name, prefix, key, createdAt: row.createdAt.toISOString() };
}

/** `seller/getApiKeys`: the seller's unrevoked keys, newest first. */
export async function getApiKeys({ db }: ApiKeysDeps, userId: string, input: GetApiKeysInput): Promise<ApiKeys> {
  const sellerId = await resolveSellerId(db, userId, input.sellerId);
  const rows = await db
    .select()
    .from(sellerApiKeys)
    .where(and(eq(sellerApiKeys.sellerId, sellerId), isNull(sellerApiKeys.revokedAt)))
    .orderBy(desc(sellerApiKeys.createdAt), desc(sellerApiKeys.id));
  return { keys: rows.map(toApiKey) };
}

/**
 * `seller/revokeApiKey`: from now on the key's calls answer 401 — at once on this instance and,
 * with Redis, on every instance; within the key cache's bound otherwise (api-key-auth.ts).
 * Revoking a revoked key again changes nothing and answers success; another seller's key is 404.
 */
export async function revokeApiKey({ db, now, keyCache }: ApiKeysDeps, actor: ApiKeyActor, id: string): Promise<null> {
  const at = now();
  await db.transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(sellerApiKeys)
      .where(
        and(
          eq(sellerApiKeys.id, id),
          sql`exists (select 1 from ${sellerMembers} where ${sellerMembers.sellerId} = ${sellerApiKeys.sellerId} and ${sellerMembers.userId} = ${actor.id})`,
        ),
      )
      .for('update');
    if (!key) throw AppError.notFound(LicensingMessage.keyNotFound);
    if (key.revokedAt) return;
    await tx.update(sellerApiKeys).set({ revokedAt: at }).where(eq(sellerApiKeys.id, id));
    await recordSellerEdit(
      tx,
      actor,
      {
        action: 'api_key.revoke',
        targetKind: 'api_key',
        targetId: key.id,
        subject: `${key.name} (${key.keyPrefix}…) of seller #${key.sellerId}`,
        before: { revokedAt: null },
        after: { revokedAt: at.toISOString() },
      },
      at,
    );
  });
  keyCache.clear();
  return null;
}
