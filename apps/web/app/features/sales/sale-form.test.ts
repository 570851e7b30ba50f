import type { SaleEvent } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { localInputOf, saleFormErrors, saleFormValuesOf, saleInput, saleUpdateInput } from './sale-form';

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

  it('an edited sale keeps the moments left as shown, to the second; a running one its start and percentage', () => {
    const sale: SaleEvent = {
      id: '6f1c0c58-7a53-4b8e-9c55-2f1a0b7f3d10',
      name: 'Black Friday',
      percentOff: 20,
      startsAt: new Date('2026-11-28T09:00:42').toISOString(),
      endsAt: new Date('2026-11-30T00:00:17').toISOString(),
      endedAt: null,
      status: 'upcoming',
      createdAt: new Date('2026-11-20T00:00:00').toISOString(),
    };
    const values = saleFormValuesOf(sale);
    expect(values).toEqual({
      name: 'Black Friday',
      percentOff: '20',
      startsAt: '2026-11-28T09:00',
      endsAt: '2026-11-30T00:00',
    });
    expect(localInputOf(sale.endsAt)).toBe('2026-11-30T00:00');
    // Nothing changed: the sale's own moments, seconds and all.
    expect(saleUpdateInput(values, sale)).toEqual({
      id: sale.id,
      name: 'Black Friday',
      percentOff: 20,
      startsAt: sale.startsAt,
      endsAt: sale.endsAt,
    });
    const edited = { ...values, name: ' Cyber week ', percentOff: '30', endsAt: '2026-12-02T00:00' };
    expect(saleUpdateInput(edited, sale)).toEqual({
      id: sale.id,
      name: 'Cyber week',
      percentOff: 30,
      startsAt: sale.startsAt,
      endsAt: new Date('2026-12-02T00:00').toISOString(),
    });
    // Running: whatever the disabled fields hold, the start and percentage stay the sale's.
    const running = { ...sale, status: 'running' as const };
    expect(saleUpdateInput({ ...edited, startsAt: '2026-11-28T08:00' }, running)).toMatchObject({
      percentOff: 20,
      startsAt: sale.startsAt,
    });
  });
});
