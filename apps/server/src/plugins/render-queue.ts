import type { ServerResponse } from 'node:http';
import pLimit from 'p-limit';

/**
 * Lets `slots` page requests run at once (loaders and render) and the others wait their turn in
 * arrival order; 0 lets all run at once.
 *
 * A page is many short tasks on the one thread: loaders awaiting the database, then React's
 * render in pieces. With every page in flight interleaved, 50 requests all finish late together
 * and the unluckiest wait through many rounds of the others' tasks. Queued, each page runs
 * nearly alone once its turn comes: the same pages per second, but a page's wait is the queue
 * ahead of it, so the slowest answers come in close to the typical one (docs/benchmarks.md,
 * "Server rendering without the page cache"). A few slots keep the CPU busy while one page waits
 * for the database. Only pages wait here: API calls and static files do not. A request whose
 * client left while it waited is not rendered.
 */
export function createRenderQueue(slots: number) {
  if (slots === 0) return (_request: Request, work: () => Promise<Response>) => work();
  const limit = pLimit(slots);
  return function render(request: Request, work: () => Promise<Response>): Promise<Response> {
    return limit(() => (request.signal.aborted ? new Response(null, { status: 503 }) : work()));
  };
}

/**
 * A signal that aborts when the client leaves before its whole answer was sent: what a page's Web
 * `Request` carries, so the queue skips a page nobody waits for. A finished answer's close aborts
 * nothing: aborting there built an unused AbortError (a DOMException with its stack) per page.
 */
export function clientLeftSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
