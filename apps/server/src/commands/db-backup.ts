// `npm run db:backup -- [--out FILE]` and `npm run db:restore -- FILE [--replace]`: backups of the
// embedded database (DATA_DIR/pglite) while the server is stopped (docs/operations.md). A
// PostgreSQL database (DATABASE_URL) is backed up with pg_dump instead; this refuses it.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupPgliteDataDir, inspectPgliteDump, restorePgliteDataDir } from '@everdeal/db';
import { ConfigError } from '../plugins/config';
import { type CommandContext, type ExitCode, loadCommandConfig } from './command';

function describeRows(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
}

/** `backup` or `restore`, as the first argument says; `now` names the backup file. */
export async function dbBackup(context: CommandContext, now = new Date()): Promise<ExitCode> {
  const { out, cwd } = context;
  try {
    const { values, positionals } = parseArgs({
      args: context.argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, replace: { type: 'boolean' } },
    });
    const [command, file] = positionals;
    const config = loadCommandConfig(context);
    if (config.databaseUrl) {
      throw new ConfigError([
        'DATABASE_URL is set: this database is PostgreSQL. Back it up with pg_dump (docs/operations.md).',
      ]);
    }
    if (command === 'backup') {
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      const target = values.out
        ? resolve(cwd, values.out)
        : join(config.dataDir, 'backups', `everdeal-${stamp}.tar.gz`);
      const dump = await backupPgliteDataDir(config.dataDir);
      // Checked before it counts as a backup: a dump that does not load is no backup.
      const summary = await inspectPgliteDump(dump);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
      out.info(
        `Backed up ${config.dataDir} to ${target} (${statSync(target).size} bytes; ${summary.migrations} migrations, ${describeRows(summary.rows)}).`,
      );
      return 0;
    }
    if (command === 'restore') {
      if (!file) throw new ConfigError(['Name the backup file: npm run db:restore -- FILE [--replace]']);
      const dump = new Blob([readFileSync(resolve(cwd, file))]);
      const { summary, previous } = await restorePgliteDataDir(config.dataDir, dump, {
        replace: values.replace ?? false,
        now,
      });
      out.info(
        `Restored ${file} into ${config.dataDir} (${summary.migrations} migrations, ${describeRows(summary.rows)}).` +
          (previous ? ` The database it replaced is kept in ${previous}.` : ''),
      );
      return 0;
    }
    throw new ConfigError(['Usage: db-backup-cli.ts backup [--out FILE] | restore FILE [--replace]']);
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
