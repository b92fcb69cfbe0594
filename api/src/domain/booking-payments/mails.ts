/** The mails of booking payments to the client (Danish, signed by the clinic). */
import { formatKroner } from '@klinik/core';
import type { MailMessage } from '../../adapters/mail/index.js';
import { escapeHtml } from '../../adapters/mail/templates.js';
import { danishWhen } from '../calendar-files/booking-mails.js';

type RefundDetails = { clientName: string; clinicName: string; treatment: string; from: number; amountOre: number };

/** A payment that arrived after its time was released: refunded in full. */
export function lateRefundMail(to: string, details: RefundDetails): MailMessage {
  return refundMail(to, details, `Din betaling for ${details.treatment} ${danishWhen(details.from)} kom først frem, efter at tiden var blevet frigivet, så tiden er ikke booket.`);
}

/** A paid booking request the clinic did not confirm before its time: refunded in full. */
export function unansweredRefundMail(to: string, details: RefundDetails): MailMessage {
  return refundMail(to, details, `Klinikken nåede ikke at bekræfte din booking af ${details.treatment} ${danishWhen(details.from)}, så tiden er ikke booket.`);
}

function refundMail(to: string, details: RefundDetails, why: string): MailMessage {
  const lines = [
    `Hej ${details.clientName}`,
    why,
    `Vi har refunderet hele beløbet, ${formatKroner(details.amountOre)}. Det kan tage et par bankdage, før pengene er tilbage på din konto.`,
    'Du er velkommen til at booke en ny tid.',
  ];
  const text = [...lines, '', 'Venlig hilsen', details.clinicName].join('\n');
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p>Venlig hilsen<br>${escapeHtml(details.clinicName)}</p>`].join('\n');
  return { to, subject: `Din betaling til ${details.clinicName} er refunderet`, text, html };
}
