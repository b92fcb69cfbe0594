/**
 * The one invoice renderer (issue 6): an invoice snapshot → an A4 portrait PDF with jsPDF. The browser's preview
 * and the server's mail attachment both call this, so they are identical. It carries what a Danish invoice must:
 * issue date, number, the clinic's name, address and CVR, the client's name and address, what was delivered and
 * when, amount, VAT rate and amount (or that none is charged), bank registration and account, MobilePay if set,
 * and the logo when the clinic has one.
 * The standard PDF fonts cover Danish letters (WinAnsi), so no font is embedded.
 */
import { jsPDF } from 'jspdf';
import type { InvoiceSnapshot } from './actions/invoices.js';
import { formatKroner } from './format.js';
import { AKTUEL_BEHANDLING, invoiceNotes } from './invoice-notes.js';
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
  let fy = 55;
  for (const [label, value] of facts) {
    doc.text(`${label}:`, 130, fy);
    doc.text(value, RIGHT, fy, { align: 'right' });
    fy += LINE;
  }

  y = Math.max(y, fy) + 6;
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
  for (const [label, value] of rows) {
    doc.text(label, 110, y);
    doc.text(value, RIGHT, y, { align: 'right' });
    y += LINE;
  }
  doc.line(110, y - 3, RIGHT, y - 3);
  doc.setFont('helvetica', 'bold');
  y += 1;
  doc.text(credit ? 'Krediteret i alt' : 'I alt', 110, y);
  doc.text(kr(s.amounts.totalOre), RIGHT, y, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  y += LINE * 2;

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
  const payment = credit
    ? 'Beløbet tilbageføres til den konto, betalingen kom fra.'
    : `Betaling til reg.nr. ${company.regNumber}, kontonr. ${company.accountNumber}${company.mobilePay ? ` eller MobilePay ${company.mobilePay}` : ''}. Angiv fakturanummer ${s.number}.`;
  paragraph(doc, payment, MARGIN, fy2, RIGHT - MARGIN);
}

/** The PDF as bytes (the server's mail attachment, the tests). */
export function invoicePdfBytes(snapshots: InvoiceSnapshot | readonly InvoiceSnapshot[]): Uint8Array {
  return new Uint8Array(renderInvoicePdf(snapshots).output('arraybuffer'));
}
