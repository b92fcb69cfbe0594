/**
 * The reminder ('rykker') of an overdue invoice, in the invoice mail's style (invoice-mail.ts): the
 * invoice's own subject with 'Rykker: ' before it, a fixed text made only from the stored invoice (nothing typed by
 * anyone), the clinic's payment details as the invoice prints them, and the invoice as Faktura.pdf.
 */
import { formatKroner } from '@klinik/core/rules';
import { escapeHtml } from './templates.js';
import { invoiceSubject, plainText } from './invoice-mail.js';
import type { MailMessage } from './index.js';

export interface ReminderMailDetails {
  number: string;
  clinicName: string;
  clinicEmail: string;
  clinicPhone: string;
  clientFirstName: string;
  totalOre: number;
  /** The due date as printed (DD-MM-YYYY). */
  dueDate: string;
  regNumber: string;
  accountNumber: string;
  mobilePay: string;
  pdf: Buffer;
}

export function reminderSubject(details: Pick<ReminderMailDetails, 'number' | 'clinicName'>): string {
  return `Rykker: ${invoiceSubject({ kind: 'Faktura', ...details })}`;
}

function howToPay(details: ReminderMailDetails): string {
  const ways: string[] = [];
  if (details.regNumber && details.accountNumber) ways.push(`bankoverførsel til reg.nr. ${details.regNumber}, konto ${details.accountNumber}`);
  if (details.mobilePay) ways.push(`MobilePay til ${details.mobilePay}`);
  return ways.length ? `Du kan betale med ${ways.join(' eller ')}. Skriv fakturanummeret ${details.number} ved betalingen.` : '';
}

export function invoiceReminderMessage(to: string, details: ReminderMailDetails): MailMessage {
  // Names are the client's and the clinic's own, still plain text in the template (control characters dropped).
  const pay = howToPay(details);
  const body = [
    `Kære ${plainText(details.clientFirstName)}`.trim(),
    '',
    `Vi har endnu ikke registreret betaling af faktura ${details.number} på ${formatKroner(details.totalOre)}, som forfaldt ${details.dueDate}.`,
    ...(pay ? [pay] : []),
    'Har du allerede betalt, kan du se bort fra denne rykker.',
    '',
    'Venlig hilsen',
    plainText(details.clinicName),
  ];
  const contact = [details.clinicName, details.clinicEmail, details.clinicPhone].map(plainText).filter(Boolean).join(' · ');
  const footer = ['Fakturaen er vedhæftet som PDF (Faktura.pdf).', contact];
  const text = [...body, '', '--', ...footer].join('\n');
  const html = [...body.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')), '<hr>', ...footer.map((line) => `<p>${escapeHtml(line)}</p>`)].join('\n');
  return {
    to: [to],
    subject: reminderSubject(details),
    text,
    html,
    attachments: [{ filename: 'Faktura.pdf', content: details.pdf, contentType: 'application/pdf' }],
  };
}
