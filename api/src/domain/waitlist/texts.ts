/**
 * What an offer from the waiting list says, by SMS and by mail: the clinic, the time, how long it is held, and the
 * link (our own address; clinic-typed text in the SMS is cut and stripped of addresses as in a reminder).
 */
import { danishWeekday, formatCopenhagenTime, formatDanishDate, WAITLIST_OFFER_TTL_MS } from '@klinik/core';
import type { MailMessage } from '../../adapters/mail/index.js';
import { escapeHtml } from '../../adapters/mail/templates.js';
import { smsSafeText, type ClinicText } from '../contact/texts.js';

interface OfferText {
  clinic: ClinicText;
  at: number;
  treatment: string;
  therapistName: string;
  link: string;
}

const when = (at: number) => `${danishWeekday(at)} d. ${formatDanishDate(at)} kl. ${formatCopenhagenTime(at)}`;
const minutes = WAITLIST_OFFER_TTL_MS / 60_000;

export function waitlistOfferSms(input: OfferText): string {
  const what = smsSafeText(input.treatment);
  return `Der er blevet en tid ledig hos ${smsSafeText(input.clinic.name)}${what ? ` (${what})` : ''} ${when(input.at)}. Tiden er din, hvis du tager den inden ${minutes} minutter: ${input.link}`;
}

export function waitlistOfferMail(input: OfferText & { to: string; clientName: string; messageId: string }): MailMessage {
  const lines = [
    `Kære ${input.clientName}`,
    `Du står på ventelisten hos ${input.clinic.name}, og der er blevet en tid ledig: ${input.treatment ? `${input.treatment} ` : ''}${when(input.at)} hos ${input.therapistName}.`,
    `Tiden holdes til dig i ${minutes} minutter. Derefter går den videre til den næste på ventelisten.`,
  ];
  const label = 'Tag tiden';
  return {
    to: input.to,
    subject: `Ledig tid hos ${input.clinic.name}`,
    text: `${lines.join('\n\n')}\n\n${label}: ${input.link}\n\nMed venlig hilsen\n${input.clinic.name}`,
    html: `<div style="font-family:sans-serif">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(input.link)}">${escapeHtml(label)}</a></p><p>Med venlig hilsen<br>${escapeHtml(input.clinic.name)}</p></div>`,
    messageId: input.messageId,
  };
}
