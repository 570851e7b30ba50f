import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceDocument,
  formatTaxRate,
  type InvoiceTax,
  type IssuedDocument,
  REVERSE_CHARGE_NOTE,
} from './invoice-document';
import { CREDIT_NOTE_SERIES, documentYear, formatDocumentNumber, INVOICE_SERIES } from './invoice-number';
import { formatIssueDate, renderInvoicePdf } from './invoice-pdf';

const ISSUED: IssuedDocument = {
  kind: 'invoice',
  number: 'EVD-2026-000042',
  issuedAt: '2026-11-28T10:00:00.000Z',
  orderId: '7f1c2f86-0a43-4b1c-9a53-3f1e1f7c9b10',
  currency: 'USD',
  seller: { name: 'Everdeal Demo Ltd', address: '1 Example Street; 10115 Berlin; Germany', vatId: 'DE123456789' },
  buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  lines: [
    { product: 'Notion-like Wiki', plan: 'Tier 2', quantity: 2, unitPriceCents: 4900, amountCents: 9800 },
    { product: 'Screen Recorder', plan: 'Lifetime', quantity: 1, unitPriceCents: 2900, amountCents: 2900 },
  ],
  paidWithCreditCents: 1000,
  card: { brand: 'visa', last4: '4242' },
};

/** Text of a PDF through poppler's pdftotext, when the machine has it. */
const pdftotext = existsSync('/usr/bin/pdftotext') ? '/usr/bin/pdftotext' : null;
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'everdeal-invoice-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync(pdftotext ?? 'pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('invoice numbers', () => {
  it('are the series, the year and six digits, longer rather than truncated past 999,999', () => {
    expect(formatDocumentNumber(INVOICE_SERIES, 2026, 1)).toBe('EVD-2026-000001');
    expect(formatDocumentNumber(CREDIT_NOTE_SERIES, 2027, 12)).toBe('EVD-CN-2027-000012');
    expect(formatDocumentNumber(INVOICE_SERIES, 2026, 999_999)).toBe('EVD-2026-999999');
    expect(formatDocumentNumber(INVOICE_SERIES, 2026, 1_000_000)).toBe('EVD-2026-1000000');
    expect(() => formatDocumentNumber(INVOICE_SERIES, 2026, 0)).toThrow(RangeError);
  });

  it('count in the UTC calendar year', () => {
    expect(documentYear(new Date('2026-12-31T23:59:59.999Z'))).toBe(2026);
    expect(documentYear(new Date('2027-01-01T00:00:00.000Z'))).toBe(2027);
  });
});

describe('buildInvoiceDocument', () => {
  it('prints the lines, their subtotal as the total, and how it was paid, without tax by default', () => {
    const doc = buildInvoiceDocument(ISSUED);
    expect(doc.title).toBe('Invoice');
    expect(doc.buyer).toEqual({
      name: 'Ada Lovelace',
      companyName: null,
      vatId: null,
      addressLines: [],
      country: null,
      email: 'ada@example.com',
    });
    expect(doc.subtotalCents).toBe(12_700);
    expect(doc.tax).toBeNull();
    expect(doc.reverseChargeNote).toBeNull();
    expect(doc.totalCents).toBe(12_700);
    expect(doc.payments).toEqual([
      { label: 'Paid with store credit', amountCents: 1000 },
      { label: 'Paid by card (visa •••• 4242)', amountCents: 11_700 },
    ]);
    expect(doc.reference).toBeNull();
  });

  it('takes the billing details and a tax line when given, adding the tax to the total', () => {
    const doc = buildInvoiceDocument(ISSUED, {
      billing: {
        name: 'Ada L.',
        companyName: 'Analytical Engines GmbH',
        vatId: 'DE999999999',
        country: 'DE',
        addressLine: 'Hauptstraße 5',
        city: 'Berlin',
        postalCode: '10115',
      },
      tax: { rateBasisPoints: 1900, amountCents: 2413, reverseCharge: false },
    });
    expect(doc.buyer).toMatchObject({
      name: 'Ada L.',
      companyName: 'Analytical Engines GmbH',
      vatId: 'DE999999999',
      addressLines: ['Hauptstraße 5', '10115 Berlin'],
      country: 'DE',
    });
    expect(doc.tax).toEqual({ rateBasisPoints: 1900, amountCents: 2413 });
    expect(doc.totalCents).toBe(12_700 + 2413);
  });

  it('prints a reverse charge note instead of a tax line', () => {
    const doc = buildInvoiceDocument(ISSUED, { tax: { rateBasisPoints: 0, amountCents: 0, reverseCharge: true } });
    expect(doc.tax).toBeNull();
    expect(doc.reverseChargeNote).toBe(REVERSE_CHARGE_NOTE);
    expect(doc.totalCents).toBe(12_700);
  });

  it('prints no tax line for a stored tax without a rate (credit notes of untaxed invoices issued before 2026-11-29)', () => {
    const doc = buildInvoiceDocument({
      ...ISSUED,
      kind: 'credit_note',
      tax: { amountCents: 0 } as unknown as InvoiceTax,
    });
    expect(doc.tax).toBeNull();
    expect(doc.reverseChargeNote).toBeNull();
    expect(doc.totalCents).toBe(12_700);
  });

  it('names the invoice a credit note corrects and where the money went', () => {
    const doc = buildInvoiceDocument({
      ...ISSUED,
      kind: 'credit_note',
      number: 'EVD-CN-2026-000001',
      lines: [
        {
          product: 'Screen Recorder',
          plan: 'Lifetime',
          quantity: 1,
          unitPriceCents: 2900,
          amountCents: 2900,
          reason: 'refund',
        },
      ],
      paidWithCreditCents: 500,
      card: null,
      creditedInvoiceNumber: 'EVD-2026-000042',
    });
    expect(doc.title).toBe('Credit note');
    expect(doc.reference).toBe('Credit note for invoice EVD-2026-000042');
    expect(doc.lines[0]?.description).toBe('Screen Recorder: refund');
    expect(doc.payments).toEqual([
      { label: 'Refunded to the card', amountCents: 2400 },
      { label: 'Returned as store credit', amountCents: 500 },
    ]);
  });

  it('formats rates and dates by hand', () => {
    expect(formatTaxRate(1900)).toBe('19%');
    expect(formatTaxRate(750)).toBe('7.5%');
    expect(formatIssueDate('2026-01-05T23:00:00.000Z')).toBe('5 Jan 2026');
  });
});

describe('renderInvoicePdf', () => {
  it('draws an A4 PDF with the seller, buyer, lines, tax line and totals', async () => {
    const pdf = await renderInvoicePdf(
      buildInvoiceDocument(ISSUED, { tax: { rateBasisPoints: 1900, amountCents: 2413, reverseCharge: false } }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    if (!pdftotext) return;
    const text = textOf(pdf);
    for (const expected of ['INVOICE', 'EVD-2026-000042', 'Everdeal Demo Ltd', 'VAT ID: DE123456789', 'Ada Lovelace']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Notion-like Wiki\s+2\s+\$49\s+\$98/);
    expect(text).toMatch(/VAT \(19%\)\s+\$24\.13/);
    expect(text).toMatch(/Total\s+\$151\.13/);
  });

  it('prints the reverse charge note, and continues a long table on further pages', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      product: `A product with a rather long name that must wrap inside its column, number ${index + 1}`,
      plan: 'Tier 1',
      quantity: 1,
      unitPriceCents: 100,
      amountCents: 100,
    }));
    const pdf = await renderInvoicePdf(
      buildInvoiceDocument({ ...ISSUED, lines }, { tax: { rateBasisPoints: 0, amountCents: 0, reverseCharge: true } }),
    );
    if (!pdftotext) return;
    const text = textOf(pdf);
    expect(text).toContain('Reverse charge');
    expect(text).toContain('number 40');
    expect(text).toMatch(/page 1 of [3-9]/);
    expect(text).toMatch(/Total\s+\$40/);
  });
});
