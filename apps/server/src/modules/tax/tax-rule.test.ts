import { EU_COUNTRIES, REVERSE_CHARGE_NOTE } from '@everdeal/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EU_STANDARD_VAT_RATES, standardRateAt } from './eu-vat-rates';
import { decideTax, taxOn } from './tax-rule';

/** Decision 037: the VAT rule, the dated rates and the rounding, as pure functions. */

const AT_2026 = new Date('2026-11-28T12:00:00Z');
const US_STORE = { mode: 'eu-vat', storeCountry: 'US' } as const;
const DE_STORE = { mode: 'eu-vat', storeCountry: 'DE' } as const;

describe('the EU standard rates', () => {
  it('holds every member state, its dates in order and rates between 15% and 27%', () => {
    expect(Object.keys(EU_STANDARD_VAT_RATES).sort()).toEqual([...EU_COUNTRIES].sort());
    for (const rates of Object.values(EU_STANDARD_VAT_RATES)) {
      const dates = rates.map((rate) => rate.from);
      expect(dates).toEqual([...dates].sort());
      for (const rate of rates) expect(rate.basisPoints).toBeGreaterThanOrEqual(1500);
      for (const rate of rates) expect(rate.basisPoints).toBeLessThanOrEqual(2700);
    }
  });

  it('has the 2026 rates, including the changes of 2024 and 2025', () => {
    const rates = Object.fromEntries(EU_COUNTRIES.map((country) => [country, standardRateAt(country, AT_2026)]));
    expect(rates).toEqual({
      AT: 2000,
      BE: 2100,
      BG: 2000,
      CY: 1900,
      CZ: 2100,
      DE: 1900,
      DK: 2500,
      EE: 2400,
      ES: 2100,
      FI: 2550,
      FR: 2000,
      GR: 2400,
      HR: 2500,
      HU: 2700,
      IE: 2300,
      IT: 2200,
      LT: 2100,
      LU: 1700,
      LV: 2100,
      MT: 1800,
      NL: 2100,
      PL: 2300,
      PT: 2300,
      RO: 2100,
      SE: 2500,
      SI: 2200,
      SK: 2300,
    });
  });

  it('chooses the rate by the clock, changing at 00:00 UTC of the day it took effect', () => {
    expect(standardRateAt('FI', new Date('2024-08-31T23:59:59Z'))).toBe(2400);
    expect(standardRateAt('FI', new Date('2024-09-01T00:00:00Z'))).toBe(2550);
    expect(standardRateAt('EE', new Date('2025-06-30T12:00:00Z'))).toBe(2200);
    expect(standardRateAt('EE', new Date('2025-07-01T00:00:00Z'))).toBe(2400);
    expect(standardRateAt('RO', new Date('2025-07-31T12:00:00Z'))).toBe(1900);
    expect(standardRateAt('RO', new Date('2025-08-01T00:00:00Z'))).toBe(2100);
    expect(standardRateAt('SK', new Date('2024-12-31T12:00:00Z'))).toBe(2000);
    expect(standardRateAt('DE', new Date('2020-10-01T00:00:00Z'))).toBe(1600);
  });
});

describe('decideTax', () => {
  it('charges an EU consumer their country’s standard rate', () => {
    expect(decideTax(US_STORE, { country: 'DE', vatId: null }, AT_2026)).toEqual({
      rateBasisPoints: 1900,
      reverseCharge: false,
      country: 'DE',
      note: null,
    });
    expect(decideTax(US_STORE, { country: 'FI', vatId: null }, AT_2026).rateBasisPoints).toBe(2550);
  });

  it('reverse-charges an EU business with a valid VAT id, with Article 196’s note', () => {
    expect(decideTax(US_STORE, { country: 'FR', vatId: 'FR40303265045' }, AT_2026)).toEqual({
      rateBasisPoints: 0,
      reverseCharge: true,
      country: 'FR',
      note: REVERSE_CHARGE_NOTE,
    });
  });

  it('charges domestic VAT to a business in the store’s own member state', () => {
    expect(decideTax(DE_STORE, { country: 'DE', vatId: 'DE136695976' }, AT_2026)).toMatchObject({
      rateBasisPoints: 1900,
      reverseCharge: false,
    });
    expect(decideTax(DE_STORE, { country: 'FR', vatId: 'FR40303265045' }, AT_2026).reverseCharge).toBe(true);
  });

  it('treats a VAT id that is not valid as a consumer', () => {
    expect(decideTax(US_STORE, { country: 'DE', vatId: 'DE136695977' }, AT_2026)).toMatchObject({
      rateBasisPoints: 1900,
      reverseCharge: false,
    });
  });

  it('charges no tax outside the EU, without a profile, or when TAX_MODE is off', () => {
    const none = { rateBasisPoints: 0, reverseCharge: false, country: null, note: null };
    expect(decideTax(US_STORE, { country: 'US', vatId: null }, AT_2026)).toEqual(none);
    expect(decideTax(US_STORE, { country: 'CH', vatId: null }, AT_2026)).toEqual(none);
    expect(decideTax(US_STORE, null, AT_2026)).toEqual(none);
    expect(decideTax({ mode: 'off', storeCountry: 'DE' }, { country: 'DE', vatId: null }, AT_2026)).toEqual(none);
  });
});

describe('taxOn', () => {
  it('rounds half up to the cent', () => {
    expect(taxOn(1999, 1900)).toBe(380); // 379.81
    expect(taxOn(1000, 2550)).toBe(255);
    expect(taxOn(50, 1900)).toBe(10); // 9.5 → 10
    expect(taxOn(10, 2550)).toBe(3); // 2.55 → 3
    expect(taxOn(2, 2500)).toBe(1); // 0.5 → 1
    expect(taxOn(0, 2700)).toBe(0);
  });

  it('is within half a cent of the exact tax and never decreases with the amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 2700 }), (cents, rate) => {
        const exact = (cents * rate) / 10_000;
        expect(Math.abs(taxOn(cents, rate) - exact)).toBeLessThanOrEqual(0.5);
        expect(taxOn(cents + 1, rate)).toBeGreaterThanOrEqual(taxOn(cents, rate));
      }),
    );
  });
});
