/**
 * The one template of an invoice mail (public mail goes only where it should, and says only what the invoice
 * mail says). The subject is the invoice's own; the therapist's message is plain text, put into the template line by
 * line (control characters dropped; HTML-escaped in the HTML part), so a mail from the platform can never carry
 * free-form HTML, links in markup, or a subject of the sender's choosing.
 */
import { escapeHtml } from './templates.js';
import type { MailAttachment, MailMessage } from './index.js';

/** Plain text: line breaks kept, every other control character (and the bidi overrides used to disguise text) dropped. */
export function plainText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim()
  );
}

export interface InvoiceMailDetails {
  /** 'Faktura', 'Kreditnota', or '' for a merged statement, whose number says what it is. */
  kind: string;
  number: string;
  clinicName: string;
  clinicEmail: string;
  clinicPhone: string;
  message: string;
  pdf: Buffer;
}

export function invoiceSubject(details: Pick<InvoiceMailDetails, 'kind' | 'number' | 'clinicName'>): string {
  return `${[details.kind, details.number].filter(Boolean).join(' ')} fra ${details.clinicName}`;
}

export function invoiceMailMessage(to: string[], details: InvoiceMailDetails): MailMessage {
  const typed = plainText(details.message);
  const body = typed ? typed.split('\n') : [`Hermed ${details.kind ? details.kind.toLowerCase() : details.number} ${details.kind ? details.number : ''} fra ${details.clinicName}.`.replace(/\s+/g, ' ')];
  const contact = [details.clinicName, details.clinicEmail, details.clinicPhone].filter(Boolean).join(' · ');
  const footer = ['Dokumentet er vedhæftet som PDF (Faktura.pdf).', contact];
  const text = [...body, '', '--', ...footer].join('\n');
  const html = [...body.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')), '<hr>', ...footer.map((line) => `<p>${escapeHtml(line)}</p>`)].join('\n');
  const attachments: MailAttachment[] = [{ filename: 'Faktura.pdf', content: details.pdf, contentType: 'application/pdf' }];
  return { to, subject: invoiceSubject(details), text, html, attachments };
}
