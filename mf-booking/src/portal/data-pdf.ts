/**
 * 'Hent mine data' as a readable PDF: what the export holds, section by section, with the export's own field names
 * and values as text (dates as Danish dates). Loaded only when asked for (pdf.ts), with jsPDF. The standard fonts
 * cover Danish letters (WinAnsi), so no font is embedded.
 */
import { jsPDF } from 'jspdf';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';

const MARGIN = 20;
const WIDTH = 210 - 2 * MARGIN;
const LINE = 5.5;
const BOTTOM = 280;
/** Plausible instants (2000–2100) in a field named like a time are written as dates. */
const TIME_FIELD = /(^|[a-z])(from|to|date|at|At|createdAt|updatedAt|deadline)$/;
/** An instant as JSON writes a Date ('2026-11-29T15:04:05.000Z'): written as a Danish date and time. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'number' && TIME_FIELD.test(key) && value > 946_684_800_000 && value < 4_102_444_800_000) {
    return `${formatDanishDate(value)} ${formatCopenhagenTime(value)}`;
  }
  if (typeof value === 'boolean') return value ? 'ja' : 'nej';
  if (typeof value === 'string' && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    return `${formatDanishDate(Date.parse(value))} ${formatCopenhagenTime(Date.parse(value))}`;
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '–';
}

export function renderDataPdf(data: Record<string, unknown>, title: string): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  let y = MARGIN;
  const write = (text: string, size = 10, bold = false, indent = 0) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(text, WIDTH - indent) as string[]) {
      if (y > BOTTOM) {
        doc.addPage();
        y = MARGIN;
      }
      doc.text(line, MARGIN + indent, y);
      y += size >= 14 ? LINE * 1.6 : LINE;
    }
  };
  const writeObject = (object: Record<string, unknown>, indent: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        write(key, 10, true, indent);
        writeObject(value as Record<string, unknown>, indent + 4);
      } else if (Array.isArray(value)) {
        write(`${key}:`, 10, true, indent);
        writeList(value, indent + 4);
      } else {
        write(`${key}: ${valueText(key, value)}`, 10, false, indent);
      }
    }
  };
  const writeList = (list: readonly unknown[], indent: number) => {
    if (list.length === 0) write('–', 10, false, indent);
    list.forEach((item, index) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        if (index > 0) y += LINE / 2;
        writeObject(item as Record<string, unknown>, indent);
      } else {
        write(valueText('', item), 10, false, indent);
      }
    });
  };

  write(title, 18, true);
  write(`${formatDanishDate(Date.now())}`, 10);
  y += LINE;
  for (const [section, value] of Object.entries(data)) {
    y += LINE / 2;
    write(section, 13, true);
    if (Array.isArray(value)) writeList(value, 0);
    else if (value && typeof value === 'object') writeObject(value as Record<string, unknown>, 0);
    else write(valueText(section, value));
  }
  doc.setProperties({ title });
  return doc;
}
