import type { Database } from '@everdeal/db';

/**
 * Test databases on PGlite, used again instead of restored again (docs/development.md, "Test
 * speed"). Restoring the migrated template (a 45 MB data folder) into a new PGlite costs about
 * half a second of a core, once per test file; emptying a closed one of the same process costs a
 * tenth of that. A database comes back as the template left it: every table of the app's schema
 * emptied with its sequences restarted, the session's settings, advisory locks and listeners
 * dropped. One whose schema a test changed and did not change back (a trigger, a constraint, a
 * table), or that a test closed, is not used again: a new one is restored instead.
 */

type QueryListener = ((query: string) => void) | undefined;

/** The part of PGlite this file uses (the client under a PGlite `Database`'s Drizzle instance). */
type PgliteClient = {
  closed: boolean;
  exec(statements: string): Promise<unknown>;
  query<Row>(statement: string): Promise<{ rows: Row[] }>;
};

type Kept = { database: Database; listener: { onQuery: QueryListener } };

/** At most this many idle databases per process: a file rarely holds more than one at a time. */
const MAX_IDLE = 2;
const idle: Kept[] = [];
/** The template's schema, read from the first database restored in this process. */
let templateSchema: string | undefined;

function clientOf(database: Database): PgliteClient {
  return (database.db as unknown as { $client: PgliteClient }).$client;
}

/**
 * What a test could change about the schema and must not leak: tables, columns, constraints,
 * indexes, triggers, functions and sequences of the app's schema, and the applied migrations.
 */
async function schemaOf(client: PgliteClient): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    select concat_ws('|',
      (select string_agg(table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
         || ':' || coalesce(column_default, ''), ',' order by table_name, column_name)
         from information_schema.columns where table_schema = 'public'),
      (select string_agg(c.conname || ':' || pg_get_constraintdef(c.oid), ',' order by c.conname, c.conrelid::regclass::text)
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'),
      (select string_agg(indexdef, ',' order by indexdef) from pg_indexes where schemaname = 'public'),
      (select string_agg(tgname || ':' || tgrelid::regclass::text, ',' order by tgname) from pg_trigger where not tgisinternal),
      (select count(*)::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
      (select string_agg(sequencename, ',' order by sequencename) from pg_sequences where schemaname = 'public'),
      (select count(*)::text from drizzle.__drizzle_migrations)
    ) as schema`);
  return rows[0]?.schema ?? '';
}

/** Empties a used database back to the template's state; false when it cannot be used again. */
async function emptied(database: Database): Promise<boolean> {
  const client = clientOf(database);
  if (client.closed) return false;
  try {
    if ((await schemaOf(client)) !== templateSchema) {
      await database.close();
      return false;
    }
    const { rows: tables } = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    const { rows: sequences } = await client.query<{ name: string }>(
      `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
    );
    await client.exec(
      [
        `truncate table ${tables.map((table) => table.name).join(', ')} restart identity cascade`,
        // Sequences no column owns are not restarted by the truncate.
        ...sequences.map((sequence) => `alter sequence ${sequence.name} restart`),
        'reset all',
        'select pg_advisory_unlock_all()',
        'unlisten *',
      ].join(';\n'),
    );
    return true;
  } catch {
    await database.close().catch(() => {});
    return false;
  }
}

/**
 * A migrated, empty PGlite database for a test: an idle one of this process emptied again, else
 * one `restore` makes (from the template). Its queries go to `onQuery`. `release` hands it back
 * for the next test instead of closing it.
 */
export async function leaseEmptyPglite(
  onQuery: QueryListener,
  restore: (onQuery: (query: string) => void) => Promise<Database>,
): Promise<{ database: Database; release(): Promise<void> }> {
  let kept: Kept | undefined;
  for (let candidate = idle.pop(); candidate && !kept; candidate = idle.pop()) {
    if (await emptied(candidate.database)) kept = candidate;
  }
  if (!kept) {
    const listener: Kept['listener'] = { onQuery: undefined };
    const database = await restore((query) => listener.onQuery?.(query));
    templateSchema ??= await schemaOf(clientOf(database));
    kept = { database, listener };
  }
  kept.listener.onQuery = onQuery;
  const lease = kept;
  return {
    database: lease.database,
    release: async () => {
      lease.listener.onQuery = undefined;
      if (clientOf(lease.database).closed) return;
      if (idle.length < MAX_IDLE) idle.push(lease);
      else await lease.database.close();
    },
  };
}
