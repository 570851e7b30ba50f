// `npm run db:backup -- [--out FILE]` and `npm run db:restore -- FILE [--replace]`: backups of the
// embedded database (DATA_DIR/pglite) while the server is stopped (docs/operations.md). A
// PostgreSQL database (DATABASE_URL) is backed up with pg_dump instead; this refuses it.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupPgliteDataDir, inspectPgliteDump, restorePgliteDataDir } from '@everdeal/db';
import { ConfigError, loadConfig, loadDotEnv } from './plugins/config';

function describeRows(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, replace: { type: 'boolean' } },
  });
  const [command, file] = positionals;
  loadDotEnv();
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is set: this database is PostgreSQL. Back it up with pg_dump (docs/operations.md).',
    ]);
  }
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = resolve(values.out ?? join(config.dataDir, 'backups', `everdeal-${stamp}.tar.gz`));
    const dump = await backupPgliteDataDir(config.dataDir);
    // Checked before it counts as a backup: a dump that does not load is no backup.
    const summary = await inspectPgliteDump(dump);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    console.info(
      `Backed up ${config.dataDir} to ${out} (${statSync(out).size} bytes; ${summary.migrations} migrations, ${describeRows(summary.rows)}).`,
    );
  } else if (command === 'restore') {
    if (!file) throw new ConfigError(['Name the backup file: npm run db:restore -- FILE [--replace]']);
    const dump = new Blob([readFileSync(resolve(file))]);
    const { summary, previous } = await restorePgliteDataDir(config.dataDir, dump, {
      replace: values.replace ?? false,
    });
    console.info(
      `Restored ${file} into ${config.dataDir} (${summary.migrations} migrations, ${describeRows(summary.rows)}).` +
        (previous ? ` The database it replaced is kept in ${previous}.` : ''),
    );
  } else {
    throw new ConfigError(['Usage: db-backup-cli.ts backup [--out FILE] | restore FILE [--replace]']);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
