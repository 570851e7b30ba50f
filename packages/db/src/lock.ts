import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes and two servers on one folder corrupt it, so the first
 * server writes its pid into a lock file and a second one refuses to start. A lock left by a
 * process that no longer exists (a crash, a kill -9) is taken over.
 */
const heldByThisProcess = new Set<string>();

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, 'pglite.lock');
  // A lock file naming our own pid is stale (a container restarts as pid 1 again), unless this
  // very process took it: then a second database on the same folder must be refused too.
  if (heldByThisProcess.has(lockPath)) {
    throw new Error(`The data folder ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByThisProcess.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Everdeal server (pid ${owner}). ` +
            'Stop it, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL database.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
