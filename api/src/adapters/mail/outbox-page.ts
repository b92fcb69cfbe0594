/** The development outbox page: the latest mails, newest first, with their links clickable. */
interface OutboxEntry {
  to: string[];
  subject: string;
  text: string;
  createdAt: number;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

export function outboxPage(mails: OutboxEntry[]): string {
  const items = mails
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">Til ${escapeHtml(mail.to.join(', '))} · ${new Date(
        mail.createdAt,
      ).toLocaleString('da-DK', { timeZone: 'Europe/Copenhagen' })}</p><pre>${linkify(mail.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Udbakke (udvikling)</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><h1>Udbakke</h1><p>Mails sendt i udviklingstilstand. De sendes ikke videre.</p>${items || '<p>Ingen mails endnu.</p>'}</body></html>`;
}
