import { describe, expect, it } from 'vitest';
import { pick } from './pick';

describe('pick', () => {
  it('copies the listed fields and leaves the others out', () => {
    const product = { id: 7, name: 'Reelsmith', description: 'long text', tags: ['video'] };
    expect(pick(product, ['id', 'name'])).toEqual({ id: 7, name: 'Reelsmith' });
  });

  it('keeps a listed field whose value is null or undefined', () => {
    const product: { endsAt: string | null; note?: string } = { endsAt: null };
    expect(pick(product, ['endsAt', 'note'])).toEqual({ endsAt: null, note: undefined });
    expect(Object.keys(pick(product, ['endsAt', 'note']))).toEqual(['endsAt', 'note']);
  });
});
