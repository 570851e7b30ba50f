import {
  type ActivateLicenseInput,
  AppError,
  LICENSE_LIST_PAGE_SIZE,
  type License,
  type LicenseList,
  LicensingMessage,
  type ListLicensesInput,
} from '@everdeal/contracts';
import type { Db } from '@everdeal/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

import { queryRows } from '../../lib/query-rows';
import {
  clearRedeemed,
  findLicense,
  type LicenseRow,
  listLicensesStatement,
  type MarkRow,
  markRedeemed,
} from './licenses.sql';

/** What an activation tells whoever listens (decision 032): the webhooks' `license.activated`. */
export type LicenseActivation = {
  sellerId: number;
  license: License;
  instanceName: string | null;
  at: Date;
};

export type LicensesDeps = {
  db: Db;
  now: () => Date;
  /**
   * Told once per code that an activation turned from active to redeemed (not on a repeat), in
   * the transaction of the change: what it writes (the `license.activated` webhook event,
   * decision 033) commits with the activation or not at all.
   */
  onLicenseActivated?: (tx: Tx, activation: LicenseActivation) => Promise<void>;
};

function toLicense({ codeId: _codeId, ...row }: LicenseRow): License {
  return { ...row, valid: row.status !== 'revoked' };
}

async function requireLicense(db: Db | Tx, sellerId: number, code: string): Promise<License> {
  const [row] = await findLicense<LicenseRow>(db, { code, sellerId });
  if (!row) throw AppError.notFound(LicensingMessage.licenseNotFound);
  return toLicense(row);
}

/** `licenses/validate`: one prepared statement; another seller's or an unknown code is 404. */
export function validateLicense({ db }: LicensesDeps, sellerId: number, code: string): Promise<License> {
  return requireLicense(db, sellerId, code);
}

/**
 * `licenses/activate`, and the one way a seller's system marks a code redeemed (decision 032):
 * the same `order_item_codes.redeemed_at` the buyer's "mark as redeemed" sets, so both see one
 * state. Idempotent: a redeemed code stays redeemed with its first time. A revoked code is 409.
 * Anything that must happen on activation (the `license.activated` webhook) hangs here, on
 * `onLicenseActivated`, which hears only the call that changed the state.
 */
export async function activateLicense(
  deps: LicensesDeps,
  sellerId: number,
  input: ActivateLicenseInput,
): Promise<License> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [mark] = await markRedeemed<MarkRow>(tx, { code: input.code, sellerId, at: at.toISOString() });
    if (!mark) throw AppError.notFound(LicensingMessage.licenseNotFound);
    if (mark.codeStatus === 'revoked') throw AppError.conflict(LicensingMessage.revokedLicense);
    const license = await requireLicense(tx, sellerId, input.code);
    if (mark.changed && deps.onLicenseActivated) {
      await deps.onLicenseActivated(tx, { sellerId, license, instanceName: input.instanceName ?? null, at });
    }
    return license;
  });
}

/**
 * `licenses/deactivate`: the redeemed mark taken back, the code active again (idempotent). A
 * revoked code stays revoked and is answered as it is.
 */
export async function deactivateLicense(deps: LicensesDeps, sellerId: number, code: string): Promise<License> {
  const [mark] = await clearRedeemed<MarkRow>(deps.db, { code, sellerId });
  if (!mark) throw AppError.notFound(LicensingMessage.licenseNotFound);
  return requireLicense(deps.db, sellerId, code);
}

/** `licenses/list`: the seller's sold codes, newest first, a page at a time by keyset. */
export async function listLicenses(
  { db }: LicensesDeps,
  sellerId: number,
  input: ListLicensesInput,
): Promise<LicenseList> {
  const rows = await queryRows<LicenseRow>(
    db,
    listLicensesStatement({
      sellerId,
      productId: input.productId,
      status: input.status,
      before: input.cursor,
      limit: LICENSE_LIST_PAGE_SIZE + 1,
    }),
  );
  const page = rows.slice(0, LICENSE_LIST_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toLicense),
    nextCursor: rows.length > LICENSE_LIST_PAGE_SIZE && last ? last.codeId : null,
  };
}
