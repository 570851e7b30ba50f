import type { FastifyBaseLogger } from 'fastify';

/** What a task waits for: the HTTP response (Node's ServerResponse emits 'close' once sent or abandoned). */
export type Answer = { once(event: 'close', listener: () => void): unknown; readonly closed?: boolean };

/**
 * Work a request starts but does not wait for: it begins once the answer is sent, so neither
 * the answer's content nor its timing can depend on what the work finds (decision 002:
 * forgotPassword answers the same, equally fast, for an address with an account and one without).
 */
export type BackgroundTasks = {
  /** Runs `task` once `answer` has been sent (or the client went away); a failure is logged, never thrown. */
  runAfter(answer: Answer, name: string, task: () => Promise<unknown>): void;
  /** Waits for every task started so far and those still waiting for their answer (called on close). */
  flush(): Promise<void>;
};

export function createBackgroundTasks(log: Pick<FastifyBaseLogger, 'error'>): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    runAfter(answer, name, task) {
      const sent = new Promise<void>((resolve) => {
        if (answer.closed) resolve();
        else answer.once('close', () => resolve());
      });
      const done = sent.then(task).then(
        () => undefined,
        (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
      );
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
