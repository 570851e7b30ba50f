// Billing profile rules both ends need (decision 037), without zod: the web app's billing form
// imports them from `@everdeal/contracts/billing-rules` to show the reverse-charge hint as the
// shopper types, and the server validates with the very same functions.

/** ISO 3166-1 alpha-2 country codes (the ISO 3166 Maintenance Agency's officially assigned list, 249 codes). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const countrySet = new Set(COUNTRY_CODES);

/** Whether `code` is an ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return countrySet.has(code);
}

/** The 27 member states of the European Union (ISO codes). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];

const euSet = new Set<string>(EU_COUNTRIES);

export function isEuCountry(country: string): country is EuCountry {
  return euSet.has(country);
}

/** The VAT id prefix of a member state: its ISO code, except Greece's EL. */
export function vatPrefixOf(country: EuCountry): string {
  return country === 'GR' ? 'EL' : country;
}

/**
 * The national part of each member state's VAT id (after the prefix), as the European Commission
 * describes it in the VIES FAQ ("What is the structure of a VAT number?",
 * ec.europa.eu/taxation_customs/vies/#/faq).
 */
const VAT_FORMATS: Record<EuCountry, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^\d{10}$/,
};

const digitsOf = (text: string): number[] => [...text].map(Number);
const weightedSum = (digits: number[], weights: number[]): number =>
  weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);

/** Luhn (ISO/IEC 7812-1 annex B): the digits, check digit included, sum to a multiple of 10. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (const [index, digit] of digitsOf(number).reverse().entries()) {
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/** Big decimal strings mod 97, digit by digit (ISO 7064 MOD 97-10 works on numbers past 2^53). */
function mod97(digits: string): number {
  let rest = 0;
  for (const char of digits) rest = (rest * 10 + Number(char)) % 97;
  return rest;
}

const SPANISH_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/**
 * Check digits of the member states whose algorithm is public. Sources: python-stdnum's modules
 * `stdnum.<cc>.vat` (and for Spain `stdnum.es.nif`, `es.cif`, `es.dni`, `es.nie`), which cite the
 * national tax administrations; where a state publishes none (or it is not verified here) the
 * format alone is checked. `number` is the national part, already matching its format.
 */
const VAT_CHECKS: Partial<Record<EuCountry, (number: string) => boolean>> = {
  // Austria (BMF, UID "Prüfziffer"): U + 7 digits + check; digits at even places doubled, digit-summed.
  AT: (number) => {
    const d = digitsOf(number.slice(1));
    const sum = [0, 1, 2, 3, 4, 5, 6].reduce((total, i) => {
      const value = i % 2 === 1 ? (d[i] ?? 0) * 2 : (d[i] ?? 0);
      return total + Math.floor(value / 10) + (value % 10);
    }, 0);
    return (10 - ((sum + 4) % 10)) % 10 === d[7];
  },
  // Belgium (SPF Finances): the last two digits are 97 - (the first eight mod 97).
  BE: (number) => 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8)),
  // Germany (BZSt, USt-IdNr.): ISO 7064 MOD 11,10 over the first eight digits.
  DE: (number) => {
    let product = 10;
    for (const digit of digitsOf(number.slice(0, 8))) {
      let sum = (digit + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = 11 - product === 10 ? 0 : 11 - product;
    return check === Number(number[8]);
  },
  // Denmark (SKAT, CVR): weights 2 7 6 5 4 3 2 1, the sum divisible by 11.
  DK: (number) => number[0] !== '0' && weightedSum(digitsOf(number), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  // Spain (AEAT): a NIF of a person (DNI, NIE: X/Y/Z = 0/1/2) ends with a letter of the number mod 23;
  // a legal entity's CIF ends with a digit or letter from a Luhn-like sum of its 7 digits.
  ES: (number) => {
    const first = number[0] ?? '';
    const last = number[8] ?? '';
    if (/\d/.test(first) || 'XYZ'.includes(first)) {
      const body = /\d/.test(first) ? number.slice(0, 8) : String('XYZ'.indexOf(first)) + number.slice(1, 8);
      return SPANISH_LETTERS[Number(body) % 23] === last;
    }
    if ('KLM'.includes(first)) return SPANISH_LETTERS[Number(number.slice(1, 8)) % 23] === last;
    const d = digitsOf(number.slice(1, 8));
    const sum = d.reduce((total, digit, i) => {
      if (i % 2 === 1) return total + digit;
      const doubled = digit * 2;
      return total + Math.floor(doubled / 10) + (doubled % 10);
    }, 0);
    const control = (10 - (sum % 10)) % 10;
    return last === String(control) || last === 'JABCDEFGHI'[control];
  },
  // Finland (Verohallinto, Y-tunnus): weights 7 9 10 5 8 4 2; check = 11 - sum mod 11 (0 if 11; 10 invalid).
  FI: (number) => {
    const rest = weightedSum(digitsOf(number), [7, 9, 10, 5, 8, 4, 2]) % 11;
    const check = rest === 0 ? 0 : 11 - rest;
    return check !== 10 && check === Number(number[7]);
  },
  // France (DGFiP): a numeric key is (12 + 3 × (SIREN mod 97)) mod 97; the SIREN passes Luhn.
  // Keys with letters (given to some entities) have no published rule: format only.
  FR: (number) => {
    if (!/^\d{2}/.test(number)) return true;
    return (12 + 3 * (Number(number.slice(2)) % 97)) % 97 === Number(number.slice(0, 2));
  },
  // Italy (Agenzia delle Entrate, partita IVA): Luhn over the 11 digits; office code 001–100, 120, 121, 888, 999.
  IT: (number) => {
    const office = Number(number.slice(7, 10));
    const officeValid = (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
    return officeValid && luhnValid(number);
  },
  // Luxembourg: the last two digits are the first six mod 89.
  LU: (number) => Number(number.slice(0, 6)) % 89 === Number(number.slice(6)),
  // Netherlands (Belastingdienst): the BTW-id of an entity passes the 11-test on its 9 digits;
  // ids issued to sole proprietors since 2020 pass ISO 7064 MOD 97-10 over "NL" + the id instead.
  NL: (number) => {
    const d = digitsOf(number.slice(0, 9));
    const elevenTest = weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
    if (elevenTest !== 10 && elevenTest === d[8]) return true;
    const letters = `NL${number}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
    return mod97(letters) === 1;
  },
  // Poland (Ministerstwo Finansów, NIP): weights 6 5 7 2 3 4 5 6 7, the sum mod 11 is the last digit.
  PL: (number) => {
    const d = digitsOf(number);
    const check = weightedSum(d, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
    return check !== 10 && check === d[9];
  },
  // Portugal (AT, NIF): weights 9..2, check = 11 - sum mod 11 (0 when above 9).
  PT: (number) => {
    const d = digitsOf(number);
    const check = 11 - (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (check > 9 ? 0 : check) === d[8];
  },
  // Sweden (Skatteverket): the organisation number (first 10 digits) passes Luhn, then "01".
  SE: (number) => luhnValid(number.slice(0, 10)),
};

/** Upper case, without spaces, dots, dashes and other separators people type. */
export function normalizeVatId(input: string): string {
  return input.toUpperCase().replace(/[\s.\-_/,]/g, '');
}

export type VatIdCheck =
  | { valid: true; vatId: string; country: EuCountry }
  | { valid: false; vatId: string; message: string };

export const BillingMessage = {
  countryUnknown: 'must be a two-letter ISO country code, such as DE or US',
  vatIdNeedsEuCountry: 'must be left empty: a VAT id applies only to a billing country in the European Union',
  vatIdPrefix: (prefix: string) => `must start with ${prefix}, the VAT prefix of your billing country`,
  vatIdFormat: (prefix: string) => `is not a valid ${prefix} VAT id: check the number of digits and letters`,
  vatIdChecksum: (prefix: string) => `is not a valid ${prefix} VAT id: its check digits do not match`,
  tooLong: (max: number) => `must be at most ${max} characters long`,
} as const;

/**
 * Checks a VAT id against the billing country (decision 037): normalised, its prefix the
 * country's VAT prefix (EL for Greece; a missing or foreign prefix is refused and says so), the
 * national part in the country's format, and its check digits where the rule is public. No
 * network lookup (VIES): a well-formed id is what the reverse charge rests on.
 */
export function checkVatId(input: string, country: string): VatIdCheck {
  const vatId = normalizeVatId(input);
  if (!isEuCountry(country)) return { valid: false, vatId, message: BillingMessage.vatIdNeedsEuCountry };
  const prefix = vatPrefixOf(country);
  if (!vatId.startsWith(prefix)) return { valid: false, vatId, message: BillingMessage.vatIdPrefix(prefix) };
  const number = vatId.slice(prefix.length);
  if (!VAT_FORMATS[country].test(number)) return { valid: false, vatId, message: BillingMessage.vatIdFormat(prefix) };
  const check = VAT_CHECKS[country];
  if (check && !check(number)) return { valid: false, vatId, message: BillingMessage.vatIdChecksum(prefix) };
  return { valid: true, vatId, country };
}

/** Whether an id passes `checkVatId` for its country: a business the reverse charge applies to. */
export function isValidVatId(input: string, country: string): boolean {
  return checkVatId(input, country).valid;
}

/** Lengths a billing field may have; longer input is refused, not cut. */
export const BILLING_FIELD_MAX = 200;
export const VAT_ID_MAX = 20;

/** The legal note of a reverse-charged invoice or order (Council Directive 2006/112/EC). */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';
