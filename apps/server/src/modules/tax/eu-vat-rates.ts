import type { EuCountry } from '@everdeal/contracts';

/**
 * The standard VAT rate of each member state, dated (decision 037). Source: European Commission,
 * "VAT rates applied in the Member States of the European Union" (DG TAXUD, situation at
 * 1 January 2026), and the member states' announcements of the changes listed here (Finland
 * 25.5% from 1 September 2024, Slovakia 23% from 1 January 2025, Estonia 24% from 1 July 2025,
 * Romania 21% from 1 August 2025). Checked 2026-11-28; no standard rate changed in 2026.
 *
 * Rates are integer basis points (1900 = 19%) so 25.5% is exact. Each country lists its rates
 * oldest first, each with the day it took effect (00:00 UTC; digital services are taxed at the
 * rate of the day of supply, and the store's clock is UTC). Only changes since 2020 are kept: no
 * order of the store is older. A new rate is one line appended here, with its date and source.
 */
export const EU_STANDARD_VAT_RATES: Record<EuCountry, ReadonlyArray<{ from: string; basisPoints: number }>> = {
  AT: [{ from: '2016-01-01', basisPoints: 2000 }],
  BE: [{ from: '1996-01-01', basisPoints: 2100 }],
  BG: [{ from: '2007-01-01', basisPoints: 2000 }],
  CY: [{ from: '2014-01-13', basisPoints: 1900 }],
  CZ: [{ from: '2013-01-01', basisPoints: 2100 }],
  DE: [
    // The temporary 16% of the second half of 2020 (Corona-Steuerhilfegesetz).
    { from: '2020-07-01', basisPoints: 1600 },
    { from: '2021-01-01', basisPoints: 1900 },
  ],
  DK: [{ from: '1992-01-01', basisPoints: 2500 }],
  EE: [
    { from: '2009-07-01', basisPoints: 2000 },
    { from: '2024-01-01', basisPoints: 2200 },
    { from: '2025-07-01', basisPoints: 2400 },
  ],
  ES: [{ from: '2012-09-01', basisPoints: 2100 }],
  FI: [
    { from: '2013-01-01', basisPoints: 2400 },
    { from: '2024-09-01', basisPoints: 2550 },
  ],
  FR: [{ from: '2014-01-01', basisPoints: 2000 }],
  GR: [{ from: '2016-06-01', basisPoints: 2400 }],
  HR: [{ from: '2012-03-01', basisPoints: 2500 }],
  HU: [{ from: '2012-01-01', basisPoints: 2700 }],
  IE: [
    // The temporary 21% from September 2020 to February 2021.
    { from: '2020-09-01', basisPoints: 2100 },
    { from: '2021-03-01', basisPoints: 2300 },
  ],
  IT: [{ from: '2013-10-01', basisPoints: 2200 }],
  LT: [{ from: '2009-09-01', basisPoints: 2100 }],
  LU: [
    { from: '2015-01-01', basisPoints: 1700 },
    // The temporary 16% of 2023.
    { from: '2023-01-01', basisPoints: 1600 },
    { from: '2024-01-01', basisPoints: 1700 },
  ],
  LV: [{ from: '2012-07-01', basisPoints: 2100 }],
  MT: [{ from: '2004-01-01', basisPoints: 1800 }],
  NL: [{ from: '2012-10-01', basisPoints: 2100 }],
  PL: [{ from: '2011-01-01', basisPoints: 2300 }],
  PT: [{ from: '2011-01-01', basisPoints: 2300 }],
  RO: [
    { from: '2017-01-01', basisPoints: 1900 },
    { from: '2025-08-01', basisPoints: 2100 },
  ],
  SE: [{ from: '1990-07-01', basisPoints: 2500 }],
  SI: [{ from: '2013-07-01', basisPoints: 2200 }],
  SK: [
    { from: '2011-01-01', basisPoints: 2000 },
    { from: '2025-01-01', basisPoints: 2300 },
  ],
};

/** The standard rate of a member state in force at `at` (the injected clock's time). */
export function standardRateAt(country: EuCountry, at: Date): number {
  const day = at.toISOString().slice(0, 10);
  const rates = EU_STANDARD_VAT_RATES[country];
  let rate = rates[0]?.basisPoints ?? 0;
  for (const entry of rates) if (entry.from <= day) rate = entry.basisPoints;
  return rate;
}
