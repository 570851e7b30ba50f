import { describe, expect, it } from 'vitest';
import { findUnstorableText, MAX_INPUT_DEPTH, requireStorableInput } from './input-guard';

describe('findUnstorableText', () => {
  it.each([
    [{ a: 'fine', b: ['ok', { c: 'x\u0000y' }] }, { path: 'b.1.c' }],
    [{ name: '\ud83e' }, { path: 'name' }],
    [{ name: 'x\udc00' }, { path: 'name' }],
    [{ 'k\u0000': 1 }, { path: '(key)' }],
    ['\u0000', { path: '' }],
    [{ name: 'Ada 🦊', n: 1, f: null, t: true }, null],
  ])('%j → %j', (input, expected) => {
    expect(findUnstorableText(input)).toEqual(expected);
  });

  it('refuses to walk deeper than the contract ever nests, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toEqual({ tooDeep: true });
    let justDeepEnough: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) justDeepEnough = { a: justDeepEnough };
    expect(findUnstorableText(justDeepEnough)).toBeNull();
  });
});

describe('requireStorableInput', () => {
  it('answers 422 naming the field, or 400 for a payload nested too deep', () => {
    expect(() => requireStorableInput({ firstName: 'a\u0000' })).toThrow(
      expect.objectContaining({ status: 422, message: 'firstName: Invalid format' }),
    );
    let deep: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH + 1; i++) deep = [deep];
    expect(() => requireStorableInput(deep)).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid request data' }),
    );
  });
});
