/**
 * Draws a receipt (receipt.ts) as an A4 PDF with jsPDF. Loaded when the first receipt is asked for, never with the
 * page: jsPDF alone is more than the page's whole budget. The standard PDF fonts cover Danish letters (WinAnsi).
 */
import { jsPDF } from 'jspdf';
import type { Receipt } from './receipt';

const MARGIN = 18;
/** A4 landscape: seven columns side by side, each wide enough for its values on one line. */
const WIDTH = 297;
const LINE = 5.5;
/** Column widths in mm (261 mm between the margins): Dato, Plan, ex vat, vat, Beløb, Status, Kort. */
const COLUMNS = [28, 62, 34, 30, 34, 30, 43];

export function renderReceipt(receipt: Receipt): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  doc.setProperties({ title: receipt.fileName.replace(/\.pdf$/, ''), subject: receipt.title });

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text(receipt.title, MARGIN, 28);

  doc.setFontSize(10);
  let y = 40;
  for (const [label, value] of receipt.details) {
    doc.setFont('helvetica', 'bold');
    doc.text(`${label}:`, MARGIN, y);
    doc.setFont('helvetica', 'normal');
    doc.text(value, MARGIN + 28, y);
    y += LINE + 1;
  }

  y += 6;
  y = drawRow(doc, receipt.columns, y, true);
  y = drawRow(doc, receipt.row, y, false);

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  y += 8;
  for (const note of receipt.notes) {
    for (const line of doc.splitTextToSize(note, WIDTH - 2 * MARGIN) as string[]) {
      doc.text(line, MARGIN, y);
      y += LINE;
    }
  }
  return doc;
}

/** One table row with wrapped cells and a border; answers the y below it. */
function drawRow(doc: jsPDF, cells: readonly string[], top: number, header: boolean): number {
  doc.setFont('helvetica', header ? 'bold' : 'normal');
  doc.setFontSize(10);
  const wrapped = cells.map((cell, index) => doc.splitTextToSize(cell, COLUMNS[index]! - 3) as string[]);
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 3;
  if (header) {
    doc.setFillColor(235, 237, 245);
    doc.rect(MARGIN, top, COLUMNS.reduce((sum, width) => sum + width, 0), height, 'F');
  }
  doc.setDrawColor(160, 160, 170);
  let x = MARGIN;
  wrapped.forEach((lines, index) => {
    const width = COLUMNS[index]!;
    doc.rect(x, top, width, height);
    lines.forEach((line, lineIndex) => doc.text(line, x + 2, top + 5.5 + lineIndex * LINE));
    x += width;
  });
  return top + height;
}

export function downloadReceipt(receipt: Receipt): void {
  renderReceipt(receipt).save(receipt.fileName);
}
