import type { Db } from '@everdeal/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_NAMED_SHAPES, NAMED_SHAPES_WINDOW_MS, type Preparable, perShape } from './prepared';

/** A statement that records how it ran: under a name, or unnamed. */
function recordingStatement(key: string, runs: string[]): Preparable<string> {
  return {
    prepare: (name) => ({
      execute: async () => {
        runs.push(`${key} as ${name}`);
        return key;
      },
    }),
    execute: async () => {
      runs.push(`${key} unnamed`);
      return key;
    },
  };
}

describe('perShape', () => {
  it('prepares the first shapes under their name, runs every later one unnamed, and a named shape stays named once dropped', async () => {
    // Only a key of the statements kept per database: no statement reaches it.
    const db = {} as Db;
    const runs: string[] = [];
    const builds = new Map<string, number>();
    const run = (key: string) =>
      perShape(db, key, 'list', () => {
        builds.set(key, (builds.get(key) ?? 0) + 1);
        return recordingStatement(key, runs);
      }).execute({});
    const total = MAX_NAMED_SHAPES + 50;
    for (let i = 0; i < total; i++) await run(`shape ${i}`);
    expect(runs.slice(0, MAX_NAMED_SHAPES)).toEqual(
      Array.from({ length: MAX_NAMED_SHAPES }, (_, i) => `shape ${i} as list`),
    );
    expect(runs.slice(MAX_NAMED_SHAPES)).toEqual(
      Array.from({ length: 50 }, (_, i) => `shape ${MAX_NAMED_SHAPES + i} unnamed`),
    );

    // "shape 0" was the least recently used and gave way: built again, and named as before (the
    // connections hold its text already), while a shape past the limit stays unnamed.
    runs.length = 0;
    await run('shape 0');
    await run(`shape ${MAX_NAMED_SHAPES + 10}`);
    expect(builds.get('shape 0')).toBe(2);
    expect(runs).toEqual(['shape 0 as list', `shape ${MAX_NAMED_SHAPES + 10} unnamed`]);

    // A kept shape is not built again.
    await run(`shape ${total - 1}`);
    expect(builds.get(`shape ${total - 1}`)).toBe(1);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('names shapes again after an hour, the longest a connection lives, so a used-up budget lasts an hour at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
    const db = {} as Db;
    const runs: string[] = [];
    const run = (key: string) => perShape(db, key, 'list', () => recordingStatement(key, runs)).execute({});
    for (let i = 0; i < MAX_NAMED_SHAPES; i++) await run(`filler ${i}`);
    runs.length = 0;
    await run('late');
    vi.setSystemTime(new Date(Date.now() + NAMED_SHAPES_WINDOW_MS - 1));
    await run('later');
    await run('late');
    expect(runs).toEqual(['late unnamed', 'later unnamed', 'late unnamed']);

    runs.length = 0;
    vi.setSystemTime(new Date(Date.now() + 1));
    await run('late');
    await run('filler 0');
    expect(runs).toEqual(['late as list', 'filler 0 as list']);
  });

  it('counts shapes per database', async () => {
    const runs: string[] = [];
    const [first, second] = [{} as Db, {} as Db];
    for (let i = 0; i < MAX_NAMED_SHAPES; i++) {
      await perShape(first, `shape ${i}`, 'list', () => recordingStatement(`first ${i}`, runs)).execute({});
    }
    runs.length = 0;
    await perShape(second, 'shape 0', 'list', () => recordingStatement('second 0', runs)).execute({});
    expect(runs).toEqual(['second 0 as list']);
  });
});
