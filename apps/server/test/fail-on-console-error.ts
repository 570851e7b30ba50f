import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * STYLE.md: tests fail on an unexpected `console.error`. A test that expects one silences it
 * with `vi.spyOn(console, 'error').mockImplementation(() => {})`, which replaces this recorder
 * for that test.
 */
type Recorder = { recorded: string[] };
const RECORDER = Symbol.for('everdeal.test.consoleErrorRecorder');
const scope = globalThis as typeof globalThis & { [RECORDER]?: Recorder };

// Vitest runs this file before every test file; without isolation (vitest.config.ts) several
// files share one process, so console.error is wrapped once per process, not once per file
// (a wrapper per file would stack and record each error once per earlier file).
function installRecorder(): Recorder {
  const recorder: Recorder = { recorded: [] };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    recorder.recorded.push(
      args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
    );
    original(...args);
  };
  return recorder;
}
scope[RECORDER] ??= installRecorder();
const recorder = scope[RECORDER];

function takeRecorded(): string[] {
  const taken = recorder.recorded;
  recorder.recorded = [];
  return taken;
}

function failOn(errors: string[], where: string) {
  if (errors.length === 0) return;
  throw new Error(`Unexpected console.error ${where}:\n${errors.map((error) => `  ${error}`).join('\n')}`);
}

beforeEach(() => failOn(takeRecorded(), 'before this test (in a hook or at import)'));
afterEach(() => failOn(takeRecorded(), 'during this test'));
afterAll(() => failOn(takeRecorded(), 'in a hook of this file'));
