import type { Db } from '@everdeal/db';

/** A transaction of the store's database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a statement runs on: the database itself or a transaction. */
export type Runner = Db | Tx;
