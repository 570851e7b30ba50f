/**
 * The CPU a benchmark charges to each side (`npm run bench:render`, docs/benchmarks.md "Product
 * page against its render floor"): a server process's own from `/proc/<pid>/stat`, PostgreSQL's
 * processes' beside it, and this process's for work it runs itself.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux). */
const CLOCK_TICKS = 100;

/** User plus system CPU of a process so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * User plus system CPU of the PostgreSQL processes on this machine so far, in milliseconds (the
 * server's backends do the statements' work); undefined when no PostgreSQL runs here. Rounds run
 * one server at a time, so a round's growth is that server's statements.
 */
export function postgresCpuMs(): number | undefined {
  let total: number | undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total = (total ?? 0) + processCpuMs(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/**
 * This process's CPU per task, `amount` tasks run `inFlight` at a time, as a load generator keeps
 * that many requests in flight.
 */
export async function inProcessCpuMs(task: () => Promise<unknown>, amount: number, inFlight: number): Promise<number> {
  const started = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < amount) {
        next += 1;
        await task();
      }
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / amount;
}
