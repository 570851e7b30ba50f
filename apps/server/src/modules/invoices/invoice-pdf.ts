/**
 * Draws an `InvoiceDocument` as an A4 PDF (decision 038) with pdfkit and its built-in Helvetica:
 * no font files to ship or fetch. Lines wrap within their column, and a table that runs past the
 * page continues on the next one under its header row again.
 */
import { formatMoney } from '@everdeal/contracts';
import PDFDocument from 'pdfkit';
import { formatTaxRate, type InvoiceDocument } from './invoice-document';

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#555555';
const RULE = '#cccccc';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** Table columns: x offset from the margin and width; amounts are right-aligned. */
const COLUMNS = {
  description: { x: 0, width: 255 },
  quantity: { x: 265, width: 35 },
  unit: { x: 305, width: 90 },
  amount: { x: 400, width: CONTENT - 400 },
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "28 Nov 2026" from an ISO time, in UTC as the number's year is. */
export function formatIssueDate(iso: string): string {
  const at = new Date(iso);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

type Pdf = PDFKit.PDFDocument;

const bottomOf = (pdf: Pdf) => pdf.page.height - MARGIN - 30;

function header(pdf: Pdf, doc: InvoiceDocument): void {
  const top = MARGIN;
  pdf
    .font(BOLD)
    .fontSize(16)
    .fillColor('black')
    .text(doc.seller.name, MARGIN, top, { width: CONTENT / 2 });
  pdf.font(FONT).fontSize(9).fillColor(GREY);
  for (const line of doc.seller.address.split(';')) pdf.text(line.trim(), { width: CONTENT / 2 });
  if (doc.seller.vatId) pdf.text(`VAT ID: ${doc.seller.vatId}`, { width: CONTENT / 2 });
  const sellerBottom = pdf.y;

  const right = MARGIN + CONTENT / 2;
  pdf
    .font(BOLD)
    .fontSize(20)
    .fillColor('black')
    .text(doc.title.toUpperCase(), right, top, { width: CONTENT / 2, align: 'right' });
  pdf.moveDown(0.3);
  const meta: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Issue date', formatIssueDate(doc.issuedAt)],
    ['Order', doc.orderId],
  ];
  for (const [label, value] of meta) {
    const y = pdf.y;
    pdf.font(FONT).fontSize(9).fillColor(GREY).text(label, right, y, { width: 80 });
    pdf
      .font(BOLD)
      .fillColor('black')
      .text(value, right + 80, y, { width: CONTENT / 2 - 80, align: 'right' });
  }
  pdf.y = Math.max(sellerBottom, pdf.y) + 24;
}

function buyerBlock(pdf: Pdf, doc: InvoiceDocument): void {
  const { buyer } = doc;
  pdf
    .font(BOLD)
    .fontSize(9)
    .fillColor(GREY)
    .text(doc.kind === 'invoice' ? 'BILL TO' : 'CREDITED TO', MARGIN);
  pdf.moveDown(0.2);
  pdf.font(BOLD).fontSize(10).fillColor('black');
  if (buyer.companyName) pdf.text(buyer.companyName, { width: CONTENT / 2 });
  pdf.font(buyer.companyName ? FONT : BOLD).text(buyer.name || buyer.email, { width: CONTENT / 2 });
  pdf.font(FONT).fontSize(9);
  for (const line of buyer.addressLines) pdf.text(line, { width: CONTENT / 2 });
  if (buyer.country) pdf.text(buyer.country, { width: CONTENT / 2 });
  if (buyer.vatId) pdf.text(`VAT ID: ${buyer.vatId}`, { width: CONTENT / 2 });
  pdf.fillColor(GREY).text(buyer.email, { width: CONTENT / 2 });
  if (doc.reference) {
    pdf.moveDown(0.8);
    pdf.font(BOLD).fontSize(10).fillColor('black').text(doc.reference, MARGIN, pdf.y, { width: CONTENT });
  }
  pdf.moveDown(1.5);
}

function tableHeader(pdf: Pdf): void {
  const y = pdf.y;
  pdf.font(BOLD).fontSize(9).fillColor(GREY);
  pdf.text('Description', MARGIN + COLUMNS.description.x, y, { width: COLUMNS.description.width });
  pdf.text('Qty', MARGIN + COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  pdf.text('Unit price', MARGIN + COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
  pdf.text('Amount', MARGIN + COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
  const ruleY = y + 14;
  pdf
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + CONTENT, ruleY)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
  pdf.y = ruleY + 6;
}

function lineRows(pdf: Pdf, doc: InvoiceDocument): void {
  tableHeader(pdf);
  for (const line of doc.lines) {
    pdf.font(BOLD).fontSize(10);
    const nameHeight = pdf.heightOfString(line.description, { width: COLUMNS.description.width });
    pdf.font(FONT).fontSize(9);
    const planHeight = pdf.heightOfString(line.plan, { width: COLUMNS.description.width });
    const rowHeight = nameHeight + planHeight + 10;
    if (pdf.y + rowHeight > bottomOf(pdf)) {
      pdf.addPage();
      tableHeader(pdf);
    }
    const y = pdf.y;
    pdf
      .font(BOLD)
      .fontSize(10)
      .fillColor('black')
      .text(line.description, MARGIN + COLUMNS.description.x, y, { width: COLUMNS.description.width });
    pdf
      .font(FONT)
      .fontSize(9)
      .fillColor(GREY)
      .text(line.plan, MARGIN + COLUMNS.description.x, y + nameHeight, { width: COLUMNS.description.width });
    pdf.font(FONT).fontSize(10).fillColor('black');
    pdf.text(String(line.quantity), MARGIN + COLUMNS.quantity.x, y, {
      width: COLUMNS.quantity.width,
      align: 'right',
    });
    pdf.text(formatMoney(line.unitPriceCents, doc.currency), MARGIN + COLUMNS.unit.x, y, {
      width: COLUMNS.unit.width,
      align: 'right',
    });
    pdf.text(formatMoney(line.amountCents, doc.currency), MARGIN + COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    const ruleY = y + rowHeight - 4;
    pdf
      .moveTo(MARGIN, ruleY)
      .lineTo(MARGIN + CONTENT, ruleY)
      .strokeColor('#eeeeee')
      .lineWidth(0.5)
      .stroke();
    pdf.y = ruleY + 6;
  }
}

function totals(pdf: Pdf, doc: InvoiceDocument): void {
  const rows: { label: string; cents: number; bold?: boolean }[] = [{ label: 'Subtotal', cents: doc.subtotalCents }];
  if (doc.tax) rows.push({ label: `VAT (${formatTaxRate(doc.tax.rateBasisPoints)})`, cents: doc.tax.amountCents });
  rows.push({ label: doc.kind === 'invoice' ? 'Total' : 'Total credited', cents: doc.totalCents, bold: true });
  const needed = rows.length * 18 + doc.payments.length * 14 + (doc.reverseChargeNote ? 40 : 0) + 40;
  if (pdf.y + needed > bottomOf(pdf)) pdf.addPage();
  pdf.moveDown(0.5);
  const labelX = MARGIN + COLUMNS.unit.x - 80;
  const labelWidth = COLUMNS.unit.width + 80;
  for (const row of rows) {
    const y = pdf.y;
    pdf
      .font(row.bold ? BOLD : FONT)
      .fontSize(row.bold ? 12 : 10)
      .fillColor('black');
    pdf.text(row.label, labelX, y, { width: labelWidth });
    pdf.text(formatMoney(row.cents, doc.currency), MARGIN + COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    pdf.y = y + (row.bold ? 20 : 16);
  }
  if (doc.reverseChargeNote) {
    pdf.moveDown(0.5);
    pdf.font(FONT).fontSize(9).fillColor('black').text(doc.reverseChargeNote, MARGIN, pdf.y, { width: CONTENT });
  }
  pdf.moveDown(1);
  for (const payment of doc.payments) {
    const y = pdf.y;
    pdf.font(FONT).fontSize(9).fillColor(GREY);
    pdf.text(payment.label, MARGIN, y, { width: CONTENT - COLUMNS.amount.width });
    pdf.text(formatMoney(payment.amountCents, doc.currency), MARGIN + COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    pdf.y = y + 14;
  }
}

function footer(pdf: Pdf, doc: InvoiceDocument): void {
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    // Writing below the bottom margin would make pdfkit open a page of its own.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(`${doc.number} · page ${index - range.start + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN, {
        width: CONTENT,
        align: 'center',
        lineBreak: false,
      });
    pdf.page.margins.bottom = bottom;
  }
}

/** The PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  header(pdf, doc);
  buyerBlock(pdf, doc);
  lineRows(pdf, doc);
  totals(pdf, doc);
  footer(pdf, doc);
  pdf.end();
  return done;
}
