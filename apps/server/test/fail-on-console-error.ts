import { afterAll, afterEach, beforeEach } from 'vitest';

/**
 * STYLE.md: tests fail on an unexpected `console.error`. A test that expects one silences it
 * with `vi.spyOn(console, 'error').mockImplementation(() => {})`, which replaces this recorder
 * for that test.
 */
const original = console.error.bind(console);
let recorded: string[] = [];

console.error = (...args: unknown[]) => {
  recorded.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '));
  original(...args);
};

function takeRecorded(): string[] {
  const taken = recorded;
  recorded = [];
  return taken;
}

function failOn(errors: string[], where: string) {
  if (errors.length === 0) return;
  throw new Error(`Unexpected console.error ${where}:\n${errors.map((error) => `  ${error}`).join('\n')}`);
}

beforeEach(() => failOn(takeRecorded(), 'before this test (in a hook or at import)'));
afterEach(() => failOn(takeRecorded(), 'during this test'));
afterAll(() => failOn(takeRecorded(), 'in a hook of this file'));
