// The process `main.js` starts (decision 041). With WEB_CONCURRENCY=1 (the default) it is the
// server itself. With more, it serves nothing: it forks that many server processes sharing PORT
// (node:cluster hands each new connection to the next process), starts the first alone so that
// only it migrates and seeds, restarts one that dies, and stops them all on SIGTERM or SIGINT.
import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { readConfigOrExit } from './plugins/config';

/** A process that dies this soon after it started counts as failing to start, not as a crash. */
const START_WINDOW_MS = 30_000;
/** Failed starts in a row after which the primary gives up (a database that does not answer, a bad setting). */
const MAX_FAILED_STARTS = 3;
const RESTART_DELAY_MS = 1000;

const config = readConfigOrExit();
if (config.webConcurrency === 1) {
  await import('./server.js');
} else {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  const processes = config.webConcurrency;
  let stopping = false;
  let failedStarts = 0;

  /**
   * The environment of server process `index` (0-based): the first keeps the configured role, so
   * with ROLE=all it runs the jobs and the others only serve (ROLE=web); each gets a metrics port
   * of its own, METRICS_PORT + index.
   */
  const envOf = (index: number): Record<string, string> => ({
    ROLE: index === 0 ? config.role : 'web',
    ...(config.metrics ? { METRICS_PORT: String(config.metrics.port + index) } : {}),
  });

  /**
   * Starts server process `index` and resolves once it listens on PORT; one that ends is started
   * again after a second, and the primary gives up after MAX_FAILED_STARTS early ends in a row.
   */
  const fork = (index: number): Promise<void> =>
    new Promise((listening, failed) => {
      const metricsPort = config.metrics ? config.metrics.port + index : undefined;
      const start = () => {
        const startedAt = Date.now();
        const worker = cluster.fork(envOf(index));
        worker.on('listening', (address) => {
          if (address.port === metricsPort) return;
          failedStarts = 0;
          listening();
        });
        worker.once('exit', (code, signal) => {
          if (stopping) return;
          const early = Date.now() - startedAt < START_WINDOW_MS;
          log.error({ index, code, signal, early }, 'a server process ended; starting another');
          if (early) failedStarts += 1;
          if (failedStarts >= MAX_FAILED_STARTS) {
            log.fatal({ failedStarts }, 'server processes keep failing to start: stopping');
            failed(new Error('server processes keep failing to start'));
            void stopAll(1);
            return;
          }
          setTimeout(() => {
            if (!stopping) start();
          }, RESTART_DELAY_MS);
        });
      };
      start();
    });

  async function stopAll(exitCode: number, signal: NodeJS.Signals = 'SIGTERM') {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    log.info({ signal, processes: running.length }, 'stopping the server processes');
    // Each process drains and finishes its requests in flight itself (SHUTDOWN_DRAIN_MS, server.ts).
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((ended) => {
            if (worker.isDead()) return ended();
            worker.once('exit', () => ended());
            worker.process.kill(signal);
          }),
      ),
    );
    process.exit(exitCode);
  }
  process.once('SIGTERM', () => void stopAll(0, 'SIGTERM'));
  process.once('SIGINT', () => void stopAll(0, 'SIGINT'));

  try {
    // The first alone: it migrates and seeds the demo catalogue; the others then find it done.
    await fork(0);
    await Promise.all(Array.from({ length: processes - 1 }, (_, index) => fork(index + 1)));
    log.info({ processes, port: config.port }, `Everdeal is ready at ${config.publicUrl} with ${processes} processes`);
  } catch {
    // stopAll has ended the others and sets the exit code.
  }
}
