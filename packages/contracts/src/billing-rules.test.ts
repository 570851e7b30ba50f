import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BillingMessage,
  COUNTRY_CODES,
  checkVatId,
  EU_COUNTRIES,
  isCountryCode,
  isValidVatId,
  normalizeVatId,
} from './billing-rules';

/**
 * Decision 037: countries and VAT ids at the boundary. The valid ids are the examples the
 * algorithms' sources publish (python-stdnum's documentation of each `stdnum.<cc>.vat`); each
 * invalid one changes a check digit of a valid one.
 */
const VALID: Array<[country: string, id: string]> = [
  ['AT', 'ATU13585627'],
  ['BE', 'BE0403019261'],
  ['DE', 'DE136695976'],
  ['DK', 'DK13585628'],
  ['ES', 'ESA13585625'],
  ['ES', 'ESX2482300W'],
  ['ES', 'ES54362315K'],
  ['FI', 'FI20774740'],
  ['FR', 'FR40303265045'],
  ['IT', 'IT00743110157'],
  ['LU', 'LU15027442'],
  ['NL', 'NL004495445B01'],
  ['PL', 'PL8567346215'],
  ['PT', 'PT501964843'],
  ['SE', 'SE123456789701'],
  ['GR', 'EL094259216'],
];

/** The check digit moved by one (the Dutch one comes before "B01", the Swedish before "01"). */
function breakCheckDigit(country: string, id: string): string {
  const index = country === 'NL' ? id.indexOf('B') - 1 : country === 'SE' ? id.length - 3 : id.length - 1;
  const digit = Number(id[index]);
  return id.slice(0, index) + String((digit + 1) % 10) + id.slice(index + 1);
}

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, 27 of them EU member states', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const country of EU_COUNTRIES) expect(isCountryCode(country)).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });
});

describe('VAT ids', () => {
  it.each(VALID)('accepts %s %s and its spaced, dotted, lower-case spelling', (country, id) => {
    expect(checkVatId(id, country)).toEqual({ valid: true, vatId: id, country });
    const spelled = `${id.slice(0, 2).toLowerCase()} ${id.slice(2, 5)}.${id.slice(5, 8)}-${id.slice(8)}`;
    expect(checkVatId(spelled, country)).toEqual({ valid: true, vatId: id, country });
  });

  it.each(VALID.filter(([country]) => country !== 'ES' && country !== 'GR'))(
    'refuses %s %s with a wrong check digit',
    (country, id) => {
      const broken = breakCheckDigit(country, id);
      expect(broken).not.toBe(id);
      const check = checkVatId(broken, country);
      expect(check.valid).toBe(false);
    },
  );

  it('refuses a wrong Spanish control letter', () => {
    expect(checkVatId('ES54362315Z', 'ES').valid).toBe(false);
    expect(checkVatId('ESX2482300A', 'ES').valid).toBe(false);
  });

  it('requires the billing country’s prefix, EL for Greece, and says which', () => {
    expect(checkVatId('136695976', 'DE')).toMatchObject({ valid: false, message: BillingMessage.vatIdPrefix('DE') });
    expect(checkVatId('FR40303265045', 'DE')).toMatchObject({
      valid: false,
      message: BillingMessage.vatIdPrefix('DE'),
    });
    expect(checkVatId('GR094259216', 'GR')).toMatchObject({ valid: false, message: BillingMessage.vatIdPrefix('EL') });
  });

  it('refuses a wrong length or letters where digits go, naming the format', () => {
    expect(checkVatId('DE13669597', 'DE')).toMatchObject({ valid: false, message: BillingMessage.vatIdFormat('DE') });
    expect(checkVatId('NL004495445X01', 'NL')).toMatchObject({
      valid: false,
      message: BillingMessage.vatIdFormat('NL'),
    });
    expect(checkVatId('DE136695977', 'DE')).toMatchObject({
      valid: false,
      message: BillingMessage.vatIdChecksum('DE'),
    });
  });

  it('refuses any VAT id for a billing country outside the EU', () => {
    expect(checkVatId('GB123456789', 'GB')).toMatchObject({
      valid: false,
      message: BillingMessage.vatIdNeedsEuCountry,
    });
    expect(isValidVatId('DE136695976', 'US')).toBe(false);
  });

  it('normalises to upper case without separators, and checking never throws', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...COUNTRY_CODES), (text, country) => {
        const check = checkVatId(text, country);
        expect(check.vatId).toBe(normalizeVatId(text));
        expect(check.vatId).not.toMatch(/[\s.\-a-z]/);
        expect(normalizeVatId(check.vatId)).toBe(check.vatId);
      }),
    );
  });

  it('accepts only ids with the country’s own prefix (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.constantFrom(...EU_COUNTRIES), ([country, id], other) => {
        expect(isValidVatId(id, other)).toBe(other === country);
      }),
    );
  });

  it('a German id is valid for exactly one of the ten last digits (MOD 11,10)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000_000, max: 99_999_999 }), (body) => {
        const valid = [...'0123456789'].filter((digit) => isValidVatId(`DE${body}${digit}`, 'DE'));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it('a Polish id is valid for at most one of the ten last digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_000, max: 999_999_999 }), (body) => {
        const valid = [...'0123456789'].filter((digit) => isValidVatId(`PL${body}${digit}`, 'PL'));
        expect(valid.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
