/** The development outbox page: the latest mails and SMS, newest first, with their links clickable. */
import { escapeHtml } from './templates.js';

interface OutboxEntry {
  to: string[];
  subject: string;
  text: string;
  attachments?: { filename?: string | null }[] | null;
  createdAt: number;
}

function attachmentLine(mail: OutboxEntry): string {
  const names = (mail.attachments ?? []).map((attachment) => attachment.filename ?? '').filter(Boolean);
  return names.length ? `<p class="meta">Vedhæftet: ${escapeHtml(names.join(', '))}</p>` : '';
}

interface OutboxSmsEntry {
  to: string;
  text: string;
  createdAt: number;
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

function danishTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString('da-DK', { timeZone: 'Europe/Copenhagen' });
}

export function outboxPage(mails: OutboxEntry[], smsList: OutboxSmsEntry[] = []): string {
  const items = mails
    .map(
      (mail) =>
        `<article><h3>${escapeHtml(mail.subject)}</h3><p class="meta">Til ${escapeHtml(mail.to.join(', '))} · ${danishTime(mail.createdAt)}</p>${attachmentLine(mail)}<pre>${linkify(mail.text)}</pre></article>`,
    )
    .join('\n');
  const smsItems = smsList
    .map((sms) => `<article class="sms"><p class="meta">Til ${escapeHtml(sms.to)} · ${danishTime(sms.createdAt)}</p><pre>${linkify(sms.text)}</pre></article>`)
    .join('\n');
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Udbakke (udvikling)</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><h1>Udbakke</h1><p>Mails og SMS sendt i udviklingstilstand. De sendes ikke videre.</p>
<section aria-labelledby="mails"><h2 id="mails">Mails</h2>${items || '<p>Ingen mails endnu.</p>'}</section>
<section aria-labelledby="sms"><h2 id="sms">SMS</h2>${smsItems || '<p>Ingen SMS endnu.</p>'}</section></body></html>`;
}
