import PDFDocument from 'pdfkit';
import type { InvoiceIssuer } from '../config/env.js';
import { paiseInWords } from '../lib/amount-in-words.js';
import type { TaxedLine, TaxInvoiceFigures } from './tax-invoice.js';

export interface InvoiceDocument {
  issuer: InvoiceIssuer;
  /** 'INV-000012' */
  invoiceNo: string;
  /** The invoice's date, as the shop's customers read it: '26 Nov 2026'. */
  date: string;
  orderNo: string;
  customer: { name: string; address: string[]; state: string; mobile: string };
  intraState: boolean;
  figures: TaxInvoiceFigures;
}

/**
 * "Rs. 1,234.50": the standard PDF fonts have no rupee sign and no font that has one ships with
 * the shop's packages, so invoices spell the currency the way Indian invoices long have.
 */
export function rs(paise: number): string {
  return `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

const PAGE = { margin: 36, width: 595.28 };
const CONTENT = PAGE.width - 2 * PAGE.margin;

/** The tax invoice as a PDF (A4), built with pdfkit. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `Tax invoice ${doc.invoiceNo}`, Author: doc.issuer.legalName } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const x = PAGE.margin;
  pdf.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', x, PAGE.margin, { width: CONTENT, align: 'center' });
  if (doc.issuer.demo) {
    pdf.moveDown(0.2).font('Helvetica-Bold').fontSize(9).fillColor('#b71c1c');
    pdf.text('DEMO - sample shop details and GSTIN; not a valid tax invoice', { width: CONTENT, align: 'center' }).fillColor('black');
  }
  pdf.moveDown(0.8);
  const top = pdf.y;
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(doc.issuer.legalName, x, top, { width: CONTENT / 2 - 10 });
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(doc.issuer.address, { width: CONTENT / 2 - 10 });
  pdf.text(`State: ${doc.issuer.state}`);
  pdf.text(`GSTIN: ${doc.issuer.gstin}`);
  const leftEnd = pdf.y;
  const right = x + CONTENT / 2 + 10;
  pdf.font('Helvetica').fontSize(9);
  pdf.text(`Invoice number: ${doc.invoiceNo}`, right, top, { width: CONTENT / 2 - 10 });
  pdf.text(`Invoice date: ${doc.date}`);
  pdf.text(`Order: ${doc.orderNo}`);
  pdf.text(`Supply: ${doc.intraState ? 'intra-state (CGST + SGST)' : 'inter-state (IGST)'}`);
  pdf.y = Math.max(leftEnd, pdf.y) + 12;

  pdf.font('Helvetica-Bold').fontSize(9).text('Billed and shipped to', x);
  pdf.font('Helvetica').text(doc.customer.name);
  for (const line of doc.customer.address) pdf.text(line);
  pdf.text(`State: ${doc.customer.state}`);
  if (doc.customer.mobile) pdf.text(`Mobile: ${doc.customer.mobile}`);
  pdf.moveDown(0.8);

  const split = doc.intraState;
  // Columns: item, HSN, qty, rate, discount, taxable, GST %, CGST + SGST or IGST, total.
  const columns: { title: string; width: number; align: 'left' | 'right'; cell: (l: TaxedLine) => string }[] = [
    { title: 'Item', width: 118, align: 'left', cell: (l) => l.name },
    { title: 'HSN', width: 34, align: 'left', cell: (l) => l.hsn },
    { title: 'Qty', width: 24, align: 'right', cell: (l) => String(l.qty) },
    { title: 'Rate', width: 52, align: 'right', cell: (l) => rs(l.rate) },
    { title: 'Discount', width: 44, align: 'right', cell: (l) => rs(l.discount) },
    { title: 'Taxable value', width: 56, align: 'right', cell: (l) => rs(l.taxable) },
    { title: 'GST', width: 28, align: 'right', cell: (l) => percent(l.gstRateBp) },
    ...(split
      ? [
          { title: 'CGST', width: 45, align: 'right' as const, cell: (l: TaxedLine) => rs(l.cgst) },
          { title: 'SGST', width: 45, align: 'right' as const, cell: (l: TaxedLine) => rs(l.sgst) },
        ]
      : [{ title: 'IGST', width: 90, align: 'right' as const, cell: (l: TaxedLine) => rs(l.igst) }]),
    { title: 'Amount', width: CONTENT - 446, align: 'right', cell: (l) => rs(l.total) },
  ];
  const row = (cells: string[], bold: boolean) => {
    const y = pdf.y;
    let cx = x;
    let bottom = y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      pdf.text(cell, cx + 2, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, pdf.y);
      cx += column.width;
    });
    pdf.y = bottom + 3;
    pdf
      .moveTo(x, pdf.y - 1.5)
      .lineTo(x + CONTENT, pdf.y - 1.5)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  const lines = doc.figures.delivery ? [...doc.figures.lines, doc.figures.delivery] : doc.figures.lines;
  for (const line of lines) {
    if (pdf.y > 760) pdf.addPage();
    row(
      columns.map((c) => c.cell(line)),
      false,
    );
  }
  const f = doc.figures;
  row(['Total', '', '', '', rs(f.discount), rs(f.taxable), '', ...(split ? [rs(f.cgst), rs(f.sgst)] : [rs(f.igst)]), rs(f.total)], true);

  pdf.moveDown(0.6);
  const summary: [string, string][] = [
    ['Taxable value', rs(f.taxable)],
    ...(split
      ? ([
          ['CGST', rs(f.cgst)],
          ['SGST', rs(f.sgst)],
        ] as [string, string][])
      : ([['IGST', rs(f.igst)]] as [string, string][])),
    ['Coupon discount (included above)', rs(f.discount)],
    ['Invoice total', rs(f.total)],
    ['Paid from wallet', rs(f.walletAmount)],
    [`Paid with ${f.loyaltyPoints} loyalty points`, rs(f.loyaltyAmount)],
    ['Paid online or on delivery', rs(f.netAmount)],
  ];
  for (const [label, value] of summary) {
    if (pdf.y > 780) pdf.addPage();
    const y = pdf.y;
    const bold = label === 'Invoice total';
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    pdf.text(label, x + CONTENT - 300, y, { width: 190 });
    pdf.text(value, x + CONTENT - 110, y, { width: 110, align: 'right' });
  }
  pdf.moveDown(0.6);
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`Invoice total in words: ${paiseInWords(f.total)}`, x, pdf.y, { width: CONTENT });
  pdf.moveDown(1);
  pdf
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#444444')
    .text(
      'Prices include GST. Fresh and chilled fish, shellfish and vegetables are exempt (0%). The delivery charge is taxed with the goods it delivers, at the rate of the order’s principal item. Wallet and loyalty points are ways of paying, not discounts.',
      { width: CONTENT },
    );
  pdf.end();
  return done;
}
