/**
 * Development only (with the other `/dev/...` routes): a local stand-in for the support team's meeting calendar
 * (Calendly in production), so 'Arranger møde' on /support-import-data works offline and in the end-to-end tests.
 *
 * `GET /dev/meeting?parentOrigin=<the shell's origin>`: a small Danish page with a date and a time and 'Book møde'.
 * Its script, a file of its own (`GET /dev/meeting.js`, so the page's policy allows no inline script), tells the
 * embedding page about the booking as Calendly's embed does: `postMessage({ event: 'calendly.event_scheduled',
 * payload: { event: { uri }, invitee: { uri } } })` with addresses under `/dev/meeting/events/<id>` and
 * `/dev/meeting/invitees/<id>`, to `window.parent` with the target origin `parentOrigin`, never '*'. Only an origin
 * the API already trusts (the shell and the remotes: APP_URL and CORS_ORIGINS) is accepted, and only that origin may
 * frame the page (`frame-ancestors`).
 */
import { createHash } from 'node:crypto';
import type Router from '@koa/router';

export const DEV_MEETING_TEXTS = {
  title: 'Book et møde med supporten (lokal prøveside)',
  note: 'Lokal prøveside i stedet for mødekalenderen: der bookes intet rigtigt møde.',
  date: 'Dato',
  time: 'Tidspunkt',
  book: 'Book møde',
  booked: 'Mødet er booket:',
  invalid: 'parentOrigin mangler eller er ikke en af appens adresser.',
} as const;

const T = DEV_MEETING_TEXTS;

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #f3f6f4; }
  body { margin: 0; padding: 16px; }
  main { box-sizing: border-box; max-width: 480px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 1.2rem; margin: 0 0 12px; }
  .note { background: #fff4ce; border-radius: 4px; padding: 8px 12px; font-size: .9rem; }
  .error { background: #fde7e9; color: #a4262c; border-radius: 4px; padding: 8px 12px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  select { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 8px; border: 1px solid #8a8886; border-radius: 4px; }
  button { margin-top: 20px; font-size: 1rem; padding: 10px 16px; border-radius: 4px; border: 1px solid #00704a; background: #00704a; color: #fff; cursor: pointer; }
  #booked { margin-top: 16px; font-weight: 600; color: #0e700e; }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Runs in the page: a booking makes two addresses and tells the embedding page, then says what was booked. */
const SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('meeting');
  var parentOrigin = form.getAttribute('data-parent-origin');
  var base = window.location.origin + '/dev/meeting';
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var id = window.crypto.randomUUID();
    var date = document.getElementById('date');
    var time = document.getElementById('time');
    window.parent.postMessage({
      event: 'calendly.event_scheduled',
      payload: { event: { uri: base + '/events/' + id }, invitee: { uri: base + '/invitees/' + id } }
    }, parentOrigin);
    var booked = document.getElementById('booked');
    booked.textContent = booked.getAttribute('data-label') + ' ' + date.options[date.selectedIndex].text + ' kl. ' + time.value + '.';
  });
})();
`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function layout(body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(T.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The next five weekdays after `now`, as value (YYYY-MM-DD) and Danish label. */
function weekdays(now: number): { value: string; label: string }[] {
  const days: { value: string; label: string }[] = [];
  const format = new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' });
  for (let day = 1; days.length < 5; day++) {
    const date = new Date(now + day * 86_400_000);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    days.push({ value: date.toISOString().slice(0, 10), label: format.format(date) });
  }
  return days;
}

function bookingPage(parentOrigin: string, now: number): string {
  const options = (items: { value: string; label: string }[]) => items.map((item) => `<option value="${escape(item.value)}">${escape(item.label)}</option>`).join('');
  const times = ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00'].map((time) => ({ value: time, label: time }));
  return layout(`<h1>${escape(T.title)}</h1>
<p class="note">${escape(T.note)}</p>
<form id="meeting" data-parent-origin="${escape(parentOrigin)}">
  <label for="date">${escape(T.date)}</label>
  <select id="date" name="date">${options(weekdays(now))}</select>
  <label for="time">${escape(T.time)}</label>
  <select id="time" name="time">${options(times)}</select>
  <button type="submit">${escape(T.book)}</button>
</form>
<p id="booked" role="status" data-label="${escape(T.booked)}"></p>
<script src="/dev/meeting.js"></script>`);
}

/**
 * Registers the placeholder page and its script. `trustedOrigins`: the app's own origins (APP_URL, CORS_ORIGINS);
 * only these may frame the page and receive its message.
 */
export function devMeetingRoutes(router: Router, trustedOrigins: readonly string[]): void {
  const trusted = new Set(
    trustedOrigins.flatMap((address) => {
      try {
        return [new URL(address).origin];
      } catch {
        return [];
      }
    }),
  );

  router.get('/dev/meeting', (ctx) => {
    const parentOrigin = typeof ctx.query.parentOrigin === 'string' ? ctx.query.parentOrigin : '';
    const allowed = trusted.has(parentOrigin);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src ${STYLE_HASH}; form-action 'none'; base-uri 'none'; frame-ancestors ${allowed ? parentOrigin : "'none'"}`,
    );
    if (!allowed) {
      ctx.status = 400;
      ctx.body = layout(`<h1>${escape(T.title)}</h1><p class="error" role="alert">${escape(T.invalid)}</p>`);
      return;
    }
    ctx.body = bookingPage(parentOrigin, Date.now());
  });

  router.get('/dev/meeting.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = SCRIPT;
  });
}
