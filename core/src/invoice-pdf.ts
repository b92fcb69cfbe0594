/**
 * The one invoice renderer: an invoice snapshot → an A4 portrait PDF with jsPDF. The browser's preview
 * and the server's mail attachment both call this, so they are identical. It carries what a Danish invoice must:
 * issue date, number, the clinic's name, address and CVR, the client's name and address, what was delivered and
 * when, amount, VAT rate and amount (or that none is charged), bank registration and account, MobilePay if set,
 * and the logo when the clinic has one.
 * a snapshot has lines, each with its own VAT ('25 %', 'Momsfri'), totals with the VAT base, the
 * exemption text once when a line is exempt, and on an invoice the due date with the payment details. A snapshot
 * without lines (issued before) is drawn by exactly the code that drew it then, so it prints what it printed; a merged
 * statement of several invoices starts with a page adding them up by VAT.
 * The standard PDF fonts cover Danish letters (WinAnsi), so no font is embedded.
 */
import { jsPDF } from 'jspdf';
import type { InvoiceLine, InvoiceSnapshot } from './actions/invoices.js';
import { formatKroner } from './format.js';
import { AKTUEL_BEHANDLING, invoiceNotes } from './invoice-notes.js';
import { formatDateKey, hasExemptLine, snapshotTotals, VAT_EXEMPTION_TEXT, type InvoiceTotals } from './invoices.js';
import { formatCopenhagenTime, formatDanishDate } from './time.js';

const MARGIN = 20;
const WIDTH = 210;
const RIGHT = WIDTH - MARGIN;
const LINE = 5.5;

function kr(ore: number): string {
  return formatKroner(ore);
}

function when(from: number, to: number): string {
  return `${formatDanishDate(from)} kl. ${formatCopenhagenTime(from)}–${formatCopenhagenTime(to)}`;
}

/** Writes wrapped text from `y` and answers the next free line. */
function paragraph(doc: jsPDF, text: string, x: number, y: number, width: number): number {
  const lines = doc.splitTextToSize(text, width) as string[];
  for (const line of lines) {
    if (y > 280) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(line, x, y);
    y += LINE;
  }
  return y;
}

/** One invoice or credit note. A merged statement renders its snapshots one after another, one per page. */
export function renderInvoicePdf(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[]): jsPDF {
  const list = isSnapshotList(snapshots) ? snapshots : [snapshots];
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  if (list.length > 1) {
    drawStatementSummary(doc, list);
    doc.addPage();
  }
  list.forEach((snapshot, index) => {
    if (index > 0) doc.addPage();
    drawInvoice(doc, snapshot);
  });
  return doc;
}

// Array.isArray narrows a readonly array to any[]; this keeps the element type.
function isSnapshotList(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[]): snapshots is readonly InvoiceSnapshot[] {
  return Array.isArray(snapshots);
}

function drawInvoice(doc: jsPDF, s: InvoiceSnapshot): void {
  const credit = !s.settings.type;
  const { company, client } = s;
  let titleY = 28;
  if (company.logo) {
    // The logo top left, at most 50 × 16 mm, keeping its proportions.
    try {
      const { width, height } = doc.getImageProperties(company.logo);
      const scale = Math.min(50 / width, 16 / height);
      doc.addImage(company.logo, 'PNG', MARGIN, 12, width * scale, height * scale);
      titleY = 12 + height * scale + 10;
    } catch {
      // A logo that cannot be drawn is left out rather than failing the invoice.
    }
  }
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text(credit ? 'Kreditnota' : 'Faktura', MARGIN, titleY);
  doc.setFontSize(11);
  doc.text(company.companyName, RIGHT, 22, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9.5);
  let y = 27;
  for (const line of [company.address, `${company.post} ${company.town}`, `CVR: ${company.CVR}`, `Tlf.: ${company.phone}`, company.email]) {
    doc.text(line, RIGHT, y, { align: 'right' });
    y += 4.5;
  }

  doc.setFontSize(10.5);
  y = 50;
  doc.setFont('helvetica', 'bold');
  doc.text('Til', MARGIN, y);
  doc.setFont('helvetica', 'normal');
  y += LINE;
  for (const line of [`${client.nameFirst} ${client.nameLast}`, client.address, `${client.post} ${client.town}`, `CPR: ${client.CPR}`]) {
    doc.text(line, MARGIN, y);
    y += LINE;
  }
  const facts: [string, string][] = [
    [credit ? 'Kreditnotanr.' : 'Fakturanr.', s.number],
    ['Dato', formatDanishDate(s.issuedAt)],
    ['Behandler', `${s.therapist.nameFirst} ${s.therapist.nameLast}`],
  ];
  if (s.creditFor) facts.push(['Krediterer faktura', s.creditFor]);
  if (s.dueDate && !credit) facts.push(['Forfaldsdato', formatDateKey(s.dueDate)]);
  let fy = 55;
  for (const [label, value] of facts) {
    doc.text(`${label}:`, 130, fy);
    doc.text(value, RIGHT, fy, { align: 'right' });
    fy += LINE;
  }

  y = Math.max(y, fy) + 6;
  y = s.lines ? drawLines(doc, s, s.lines, y) : drawTreatment(doc, s, y);

  const notes: [string, string][] = [];
  const printed = invoiceNotes(s);
  if (printed.aktuelBehandling) notes.push([AKTUEL_BEHANDLING, printed.aktuelBehandling]);
  if (printed.treatment) notes.push(['Behandling', printed.treatment]);
  if (printed.followUp) notes.push(['Opfølgning', printed.followUp]);
  if (printed.upComing.length) notes.push(['Kommende tider', printed.upComing.map((booking) => `${formatDanishDate(booking.from)} kl. ${formatCopenhagenTime(booking.from)}`).join(', ')]);
  for (const [label, value] of notes) {
    doc.setFont('helvetica', 'bold');
    y = paragraph(doc, label, MARGIN, y, RIGHT - MARGIN);
    doc.setFont('helvetica', 'normal');
    y = paragraph(doc, value, MARGIN, y, RIGHT - MARGIN) + 2;
  }

  const footerY = Math.max(y + 6, 255);
  if (footerY > 285) doc.addPage();
  const fy2 = footerY > 285 ? MARGIN : footerY;
  doc.setLineWidth(0.2);
  doc.line(MARGIN, fy2 - 5, RIGHT, fy2 - 5);
  doc.setFontSize(9.5);
  const mobilePay = company.mobilePay ? ` eller MobilePay ${company.mobilePay}` : '';
  const payment = credit
    ? 'Beløbet tilbageføres til den konto, betalingen kom fra.'
    : s.dueDate
      ? `Betales senest ${formatDateKey(s.dueDate)} til reg.nr. ${company.regNumber}, kontonr. ${company.accountNumber}${mobilePay}. Angiv fakturanummer ${s.number} som reference.`
      : `Betaling til reg.nr. ${company.regNumber}, kontonr. ${company.accountNumber}${mobilePay}. Angiv fakturanummer ${s.number}.`;
  paragraph(doc, payment, MARGIN, fy2, RIGHT - MARGIN);
}

const VAT_COLUMN = 160;

function vatLabel(line: InvoiceLine): string {
  if (line.vatPercent > 0) return `${line.vatPercent} %`;
  return line.vatExempt ? 'Momsfri' : 'Uden moms';
}

/** each line with its VAT, then the VAT base, the VAT and the total, and the exemption text once. */
function drawLines(doc: jsPDF, s: InvoiceSnapshot, lines: readonly InvoiceLine[], top: number): number {
  let y = top;
  doc.setFont('helvetica', 'bold');
  doc.text('Ydelse', MARGIN, y);
  doc.text('Moms', VAT_COLUMN, y, { align: 'right' });
  doc.text('Beløb', RIGHT, y, { align: 'right' });
  doc.setLineWidth(0.3);
  doc.line(MARGIN, y + 2, RIGHT, y + 2);
  doc.setFont('helvetica', 'normal');
  y += 8;
  lines.forEach((line, index) => {
    const label = line.duration === null ? line.name : `${line.name} (${Math.round(line.duration / 60)} min.)`;
    const parts = doc.splitTextToSize(label, VAT_COLUMN - MARGIN - 25) as string[];
    if (y + parts.length * LINE > 275) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(vatLabel(line), VAT_COLUMN, y, { align: 'right' });
    doc.text(kr(line.priceOre), RIGHT, y, { align: 'right' });
    for (const part of parts) {
      doc.text(part, MARGIN, y);
      y += LINE;
    }
    // The visit's date and time under its first line, as before.
    if (index === 0 && s.booking.to > s.booking.from) {
      doc.setFontSize(9.5);
      doc.text(when(s.booking.from, s.booking.to), MARGIN, y);
      doc.setFontSize(10.5);
      y += LINE;
    }
  });
  y += 2;
  if (y > 250) {
    doc.addPage();
    y = MARGIN;
  }
  y = drawTotals(doc, snapshotTotals(s), !s.settings.type, y);
  if (hasExemptLine(s)) y = paragraph(doc, VAT_EXEMPTION_TEXT, MARGIN, y, RIGHT - MARGIN) + 2;
  return y;
}

function drawTotals(doc: jsPDF, totals: InvoiceTotals, credit: boolean, top: number): number {
  const rows: [string, string][] = [];
  if (totals.discountOre !== 0) rows.push(['Rabat', kr(-totals.discountOre)]);
  rows.push(['Momsgrundlag', kr(totals.vatBaseOre)]);
  if (totals.vatFreeOre !== 0) rows.push(['Momsfrit beløb', kr(totals.vatFreeOre)]);
  rows.push([totals.vatBaseOre !== 0 ? 'Moms 25 %' : 'Moms', kr(totals.vatOre)]);
  return drawTotalRows(doc, rows, credit, totals.totalOre, top);
}

/** The totals block of either layout: its rows, a rule, then the total in bold. */
function drawTotalRows(doc: jsPDF, rows: readonly [string, string][], credit: boolean, totalOre: number, top: number): number {
  let y = top;
  for (const [label, value] of rows) {
    doc.text(label, 110, y);
    doc.text(value, RIGHT, y, { align: 'right' });
    y += LINE;
  }
  doc.line(110, y - 3, RIGHT, y - 3);
  doc.setFont('helvetica', 'bold');
  y += 1;
  doc.text(credit ? 'Krediteret i alt' : 'I alt', 110, y);
  doc.text(kr(totalOre), RIGHT, y, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  return y + LINE * 2;
}

/**
 * A merged statement's first page: its invoices and credit notes one a row, and their sums by VAT (an invoice issued
 * before VAT per line counts as its one line), with the exemption text when one of them has an exempt line.
 */
function drawStatementSummary(doc: jsPDF, list: readonly InvoiceSnapshot[]): void {
  const first = list[0]!;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text('Samlet opgørelse', MARGIN, 28);
  doc.setFontSize(11);
  doc.text(first.company.companyName, RIGHT, 22, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10.5);
  let y = 40;
  for (const line of [`${first.client.nameFirst} ${first.client.nameLast}`, first.client.address, `${first.client.post} ${first.client.town}`]) {
    doc.text(line, MARGIN, y);
    y += LINE;
  }
  y += 6;
  doc.setFont('helvetica', 'bold');
  doc.text('Nr.', MARGIN, y);
  doc.text('Dato', 45, y);
  doc.text('Ydelse', 70, y);
  doc.text('Moms', 160, y, { align: 'right' });
  doc.text('Beløb', RIGHT, y, { align: 'right' });
  doc.setLineWidth(0.3);
  doc.line(MARGIN, y + 2, RIGHT, y + 2);
  doc.setFont('helvetica', 'normal');
  y += 8;
  for (const snapshot of list) {
    if (y > 270) {
      doc.addPage();
      y = MARGIN;
    }
    const totals = snapshotTotals(snapshot);
    const what = snapshot.lines ? snapshot.lines.map((line) => line.name).join(', ') : snapshot.treatment.name;
    doc.text(snapshot.number, MARGIN, y);
    doc.text(formatDanishDate(snapshot.issuedAt), 45, y);
    doc.text((doc.splitTextToSize(what, 65) as string[])[0] ?? '', 70, y);
    doc.text(kr(totals.vatOre), 160, y, { align: 'right' });
    doc.text(kr(totals.totalOre), RIGHT, y, { align: 'right' });
    y += LINE;
  }
  y += 4;
  const sum = (pick: (totals: InvoiceTotals) => number) => list.reduce((total, snapshot) => total + pick(snapshotTotals(snapshot)), 0);
  const totals: InvoiceTotals = {
    priceOre: sum((t) => t.priceOre),
    discountOre: 0,
    netOre: sum((t) => t.netOre),
    vatBaseOre: sum((t) => t.vatBaseOre),
    vatFreeOre: sum((t) => t.vatFreeOre),
    vatOre: sum((t) => t.vatOre),
    totalOre: sum((t) => t.totalOre),
  };
  y = drawTotals(doc, totals, false, y);
  if (list.some(hasExemptLine)) paragraph(doc, VAT_EXEMPTION_TEXT, MARGIN, y, RIGHT - MARGIN);
}

/** The one line of a snapshot issued before VAT per line, exactly as it was drawn then. */
function drawTreatment(doc: jsPDF, s: InvoiceSnapshot, top: number): number {
  const credit = !s.settings.type;
  let y = top;
  doc.setFont('helvetica', 'bold');
  doc.text('Ydelse', MARGIN, y);
  doc.text('Beløb', RIGHT, y, { align: 'right' });
  doc.setLineWidth(0.3);
  doc.line(MARGIN, y + 2, RIGHT, y + 2);
  doc.setFont('helvetica', 'normal');
  y += 8;
  doc.text(`${s.treatment.name} (${Math.round(s.treatment.duration / 60)} min.)`, MARGIN, y);
  doc.text(kr(s.amounts.priceOre), RIGHT, y, { align: 'right' });
  y += LINE;
  doc.setFontSize(9.5);
  doc.text(when(s.booking.from, s.booking.to), MARGIN, y);
  doc.setFontSize(10.5);
  y += LINE + 2;

  const rows: [string, string][] = [];
  if (s.amounts.discountOre !== 0) rows.push(['Rabat', kr(-s.amounts.discountOre)]);
  rows.push(['Beløb uden moms', kr(s.amounts.netOre)]);
  rows.push(s.settings.moms ? ['Moms 25 %', kr(s.amounts.vatOre)] : ['Moms', 'Der er ikke beregnet moms']);
  return drawTotalRows(doc, rows, credit, s.amounts.totalOre, y);
}

/** The PDF as bytes (the server's mail attachment, the tests). */
export function invoicePdfBytes(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[]): Uint8Array {
  return new Uint8Array(renderInvoicePdf(snapshots).output('arraybuffer'));
}
