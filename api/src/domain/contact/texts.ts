/**
 * What the messages say, in Danish: the SMS reminder names the clinic, the time and the address; the
 * follow-up mail carries the therapist's own text; a newsletter mail carries the newsletter and an unsubscribe link
 * (the signed /unsubscribe link of domain/online-booking/unsubscribe.ts) in its body and its List-Unsubscribe header.
 */
import sanitizeHtml from 'sanitize-html';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core';
import type { MailMessage } from '../../adapters/mail/index.js';
import { escapeHtml } from '../../adapters/mail/templates.js';
import { smsParts } from '../../adapters/sms/index.js';
import { withoutWebAddresses } from '../web-addresses.js';

const WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];

function danishWeekday(at: number): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Copenhagen', weekday: 'short' }).format(at);
  return WEEKDAYS[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(day)] ?? '';
}

export interface ClinicText {
  name: string;
  address: string;
}

export function clinicAddress(company: { address?: string | null; post?: string | null; town?: string | null }): string {
  const town = [company.post, company.town].filter(Boolean).join(' ');
  return [company.address, town].filter(Boolean).join(', ');
}

/**
 * Clinic-typed text as an SMS carries it: at most `max` characters and never a web or mail address
 * (setCompany refuses a clinic name with one; a name stored before that rule, a treatment or course title, is cut
 * here), so an SMS under our sender name cannot carry a phishing link.
 */
export const SMS_CLINIC_TEXT_MAX = 40;
export function smsSafeText(text: string, max = SMS_CLINIC_TEXT_MAX): string {
  const cleaned = withoutWebAddresses(text).replace(/\s+/g, ' ').trim();
  // Three dots, not '…': one character outside the GSM alphabet sends the whole SMS as UCS-2 (70 characters a part).
  return cleaned.length > max ? `${cleaned.slice(0, max - 3).trimEnd()}...` : cleaned;
}

/**
 * The SMS reminder of a booking or a course day. The clinic's 'Mine tider' page (our own address, never clinic text)
 * goes on a line of its own when it fits in the parts the reminder takes anyway: a clinic pays one SMS per reminder
 * whatever its length, while the gateway bills the platform per part, so the link never doubles what a reminder costs
 * (docs/decisions/0038-the-clients-own-page.md). At its longest (every clinic text at its cut) a reminder stays within
 * SMS_MAX_PARTS.
 */
export function reminderSms(input: { clinic: ClinicText; at: number; what: string | null; therapistName: string; portalLink: string }): string {
  const when = `${danishWeekday(input.at)} d. ${formatDanishDate(input.at)} kl. ${formatCopenhagenTime(input.at)}`;
  const whatText = input.what ? smsSafeText(input.what) : '';
  const what = whatText ? ` (${whatText})` : '';
  const address = smsSafeText(input.clinic.address, 100);
  const where = address ? `, ${address}` : '';
  const reminder = `Påmindelse: Du har en tid hos ${smsSafeText(input.clinic.name)}${what} ${when}${where}. Mvh ${smsSafeText(input.therapistName)}`;
  const withLink = `${reminder}\nMine tider: ${input.portalLink}`;
  return smsParts(withLink) <= smsParts(reminder) ? withLink : reminder;
}

/** The GSM parts an SMS reminder may take at most (the gateway bills per part). */
export const SMS_MAX_PARTS = 3;

/** The label of the 'Mine tider' link under a follow-up mail. */
export const FOLLOW_UP_PORTAL_LABEL = 'Se dine tider og book igen på Mine tider';

export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h2|h3|li|blockquote)>/gi, '\n').replace(/<br\s*\/?>/gi, '\n');
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function followUpMail(input: { to: string; clientName: string; text: string; clinic: ClinicText; therapistName: string; messageId: string; portalLink: string }): MailMessage {
  const letter = `Kære ${input.clientName}\n\n${input.text}\n\nMed venlig hilsen\n${input.therapistName}\n${input.clinic.name}`;
  return {
    to: input.to,
    subject: `Opfølgning fra ${input.clinic.name}`,
    text: `${letter}\n\n${FOLLOW_UP_PORTAL_LABEL}: ${input.portalLink}`,
    html: `<div style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(letter)}</div><p style="font-family:sans-serif"><a href="${escapeHtml(input.portalLink)}">${escapeHtml(FOLLOW_UP_PORTAL_LABEL)}</a></p>`,
    messageId: input.messageId,
  };
}

export function newsletterMail(input: { to: string; subject: string; html: string; clinic: ClinicText; unsubscribeUrl: string; messageId: string }): MailMessage {
  const footerText = `Du får denne mail, fordi du er klient hos ${input.clinic.name}. Afmeld nyhedsbreve: ${input.unsubscribeUrl}`;
  return {
    to: input.to,
    subject: input.subject,
    text: `${htmlToText(input.html)}\n\n--\n${footerText}`,
    html: `<div style="font-family:sans-serif">${input.html}<hr><p style="color:#666;font-size:12px">Du får denne mail, fordi du er klient hos ${escapeHtml(input.clinic.name)}. <a href="${escapeHtml(input.unsubscribeUrl)}">Afmeld nyhedsbreve</a></p></div>`,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>` },
    messageId: input.messageId,
  };
}

export function signupMail(input: { to: string; clinicName: string; confirmUrl: string }): MailMessage {
  return {
    to: input.to,
    subject: `Bekræft tilmelding til nyhedsbrev fra ${input.clinicName}`,
    text: `Hej\n\nNogen (forhåbentlig dig) har bedt om at få nyhedsbreve fra ${input.clinicName} på denne adresse.\nBekræft tilmeldingen her: ${input.confirmUrl}\n\nHar du ikke bedt om det, kan du se bort fra denne mail.`,
  };
}
