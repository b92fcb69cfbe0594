/**
 * 'Årsopgørelse': a clinic's year for its accountant as an A4 PDF (jsPDF, the standard fonts: WinAnsi covers æøå).
 * Revenue per month split by VAT kind (25 % VAT base, exempt health services, no VAT charged), VAT, total, the credit
 * notes' part, and the invoices of the year still outstanding at its end. Drawn on the server from the kept monthly
 * figures (api/src/domain/statistics/year-statement.ts), like the invoice PDF it is text, so it can be read back.
 */
import { jsPDF } from 'jspdf';
import type { RevenueFigures } from './statistics.js';
import { formatKroner } from './format.js';
import { monthLabel } from './statistics-tables.js';

export interface YearStatement {
  year: number;
  companyName: string;
  CVR: string;
  months: { month: string; revenue: RevenueFigures }[];
  total: RevenueFigures;
  /** Invoices issued in the year neither paid nor settled by a credit note at its end. */
  outstanding: { count: number; totalOre: number };
  /** When it was made (epoch ms) and its Copenhagen date, printed at the foot. */
  madeOn: string;
}

export const YEAR_STATEMENT_TEXTS = {
  title: (year: number) => `Årsopgørelse ${year}`,
  columns: ['Måned', 'Momspligtigt', 'Momsfrit', 'Uden moms', 'Moms', 'I alt', 'Kreditnotaer'],
  total: 'I alt',
  outstanding: (year: number) => `Udestående pr. 31.12.${year}`,
  outstandingLine: (count: number, total: string) => `${count} ${count === 1 ? 'faktura' : 'fakturaer'}, i alt ${total}`,
  note: 'Beløb ekskl. moms pr. momsart; kreditnotaer er trukket fra i den måned, de er udstedt. Momsfrit: ydelser fritaget efter momslovens § 13, stk. 1, nr. 1.',
  madeOn: (date: string) => `Udskrevet ${date}`,
} as const;

const MARGIN = 15;
const COLUMN_RIGHTS = [0, 72, 99, 124, 147, 172, 195];

export function renderYearStatementPdf(statement: YearStatement): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  let y = MARGIN + 5;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(YEAR_STATEMENT_TEXTS.title(statement.year), MARGIN, y);
  y += 8;
  doc.setFontSize(10);
  doc.setFont('helvetica', 'normal');
  doc.text(`${statement.companyName}${statement.CVR ? `, CVR ${statement.CVR}` : ''}`, MARGIN, y);
  y += 10;

  const row = (cells: string[], bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    cells.forEach((cell, index) => {
      if (index === 0) doc.text(cell, MARGIN, y);
      else doc.text(cell, COLUMN_RIGHTS[index]!, y, { align: 'right' });
    });
    y += 6;
  };
  const money = (ore: number) => formatKroner(ore).replace(' kr.', '');
  const figures = (label: string, revenue: RevenueFigures, bold = false) =>
    row([label, money(revenue.vatBaseOre), money(revenue.exemptOre), money(revenue.noVatOre), money(revenue.vatOre), money(revenue.totalOre), money(revenue.creditTotalOre)], bold);

  doc.setFontSize(9);
  row([...YEAR_STATEMENT_TEXTS.columns], true);
  doc.line(MARGIN, y - 4, 195, y - 4);
  for (const { month, revenue } of statement.months) figures(monthLabel(month), revenue);
  doc.line(MARGIN, y - 4, 195, y - 4);
  figures(YEAR_STATEMENT_TEXTS.total, statement.total, true);
  y += 6;
  doc.setFontSize(10);
  doc.setFont('helvetica', 'bold');
  doc.text(YEAR_STATEMENT_TEXTS.outstanding(statement.year), MARGIN, y);
  doc.setFont('helvetica', 'normal');
  y += 6;
  doc.text(YEAR_STATEMENT_TEXTS.outstandingLine(statement.outstanding.count, formatKroner(statement.outstanding.totalOre)), MARGIN, y);
  y += 10;
  doc.setFontSize(8);
  for (const line of doc.splitTextToSize(YEAR_STATEMENT_TEXTS.note, 180) as string[]) {
    doc.text(line, MARGIN, y);
    y += 4.5;
  }
  doc.text(YEAR_STATEMENT_TEXTS.madeOn(statement.madeOn), MARGIN, 285);
  return doc;
}

export function yearStatementPdfBytes(statement: YearStatement): Uint8Array {
  return new Uint8Array(renderYearStatementPdf(statement).output('arraybuffer'));
}
