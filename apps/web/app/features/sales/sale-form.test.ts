import { describe, expect, it } from 'vitest';
import { saleFormErrors, saleInput } from './sale-form';

const now = new Date('2026-11-28T10:00:00').getTime();
const good = { name: ' Black Friday ', percentOff: '20', startsAt: '2026-11-28T09:00', endsAt: '2026-11-30T00:00' };

describe('the sale form (decision 042)', () => {
  it('a good form has no errors and becomes the call’s payload', () => {
    expect(saleFormErrors(good, now)).toEqual({});
    expect(saleInput(good)).toEqual({
      name: 'Black Friday',
      percentOff: 20,
      startsAt: new Date('2026-11-28T09:00').toISOString(),
      endsAt: new Date('2026-11-30T00:00').toISOString(),
    });
  });

  it('names each field that is wrong', () => {
    expect(saleFormErrors({ name: ' ', percentOff: '95', startsAt: '', endsAt: '' }, now)).toEqual({
      name: 'Give the sale a name',
      percentOff: 'Percent off must be a whole number from 1 to 90',
      startsAt: 'Choose when the sale starts',
      endsAt: 'Choose when the sale ends',
    });
    expect(saleFormErrors({ ...good, percentOff: '12.5' }, now).percentOff).toBeDefined();
    expect(saleFormErrors({ ...good, percentOff: '0' }, now).percentOff).toBeDefined();
    expect(saleFormErrors({ ...good, name: 'x'.repeat(81) }, now).name).toBe('The name can be at most 80 characters');
  });

  it('the end must follow the start and lie in the future', () => {
    expect(saleFormErrors({ ...good, endsAt: '2026-11-28T09:00' }, now).endsAt).toBe(
      'The sale must start before it ends',
    );
    expect(saleFormErrors({ ...good, startsAt: '2026-11-27T09:00', endsAt: '2026-11-28T09:30' }, now).endsAt).toBe(
      'The sale must end in the future',
    );
  });
});
