// `npm run admin:grant -- EMAIL` makes the existing account registered under EMAIL an admin
// (requirements §13); `--revoke` makes it a plain user again. It changes the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR; with PGlite, stop the server first: one process
// at a time owns its data folder). Admins grant and revoke each other in the admin area too.
import { parseArgs } from 'node:util';
import { setUserRoleByEmail } from '../modules/roles';
import {
  type CommandContext,
  describeFailure,
  type ExitCode,
  loadCommandConfig,
  openConfiguredDatabase,
} from './command';

const USAGE = 'Usage: npm run admin:grant -- EMAIL [--revoke]';

class UsageError extends Error {}

/**
 * Which database the command opened, for its messages: without DATA_DIR it quietly opens
 * ./data of the folder it runs in, which may not be the server's, and "no account" alone sent
 * people looking for a missing sign-up. A PostgreSQL address is shown without its credentials.
 */
function describeDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir} (DATA_DIR)`;
  try {
    const url = new URL(config.databaseUrl);
    return `the PostgreSQL database ${url.host}${url.pathname} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

/** node:util's parseArgs throws these for an unknown flag. */
function isParseArgsError(error: unknown): boolean {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

export async function adminGrant(context: CommandContext): Promise<ExitCode> {
  const { out } = context;
  try {
    const { values, positionals } = parseArgs({
      args: context.argv,
      options: { revoke: { type: 'boolean' } },
      allowPositionals: true,
    });
    const [email, ...extra] = positionals;
    if (!email || extra.length > 0) throw new UsageError();
    const config = loadCommandConfig(context);
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      const changed = await setUserRoleByEmail(database.db, email, values.revoke ? 'user' : 'admin');
      if (!changed) {
        out.error(
          `No account is registered under ${email} in ${describeDatabase(config)}. ` +
            'Sign up first, or point DATA_DIR or DATABASE_URL at the server’s database, then run this again.',
        );
        return 1;
      }
      const role = changed.after === 'admin' ? 'an admin' : 'a plain user';
      out.info(changed.before === changed.after ? `${email} is already ${role}.` : `${email} is now ${role}.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    out.error(error instanceof UsageError || isParseArgsError(error) ? USAGE : describeFailure(error));
    return 1;
  }
}
