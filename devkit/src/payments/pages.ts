/**
 * The sandbox's hosted checkout page and its 3-D Secure page: plain server-rendered HTML in Danish, usable on a
 * phone and with a keyboard, with labelled fields and the test cards listed (it is a test environment, and says so).
 */
import { formatDanishDate, formatKroner, SANDBOX_CARDS } from '@klinik/core';

export const CHECKOUT_TEXTS = {
  title: 'Betaling',
  sandbox: 'Testmiljø: der trækkes ingen rigtige penge.',
  pay: (amount: string) => `Betal ${amount}`,
  saveCard: 'Gem kort',
  /** A subscription that starts later (Pro bought during the trial): the card is saved, nothing is charged now. */
  firstChargeOn: (amount: string, date: string) => `${amount} inkl. moms pr. måned, første gang ${date}. Der trækkes intet nu.`,
  cancel: 'Annuller',
  number: 'Kortnummer',
  expiry: 'Udløbsdato (MM/ÅÅ)',
  cvc: 'Kontrolcifre (CVC)',
  declined: 'Betalingen blev afvist af kortudstederen. Prøv et andet kort.',
  invalidNumber: 'Kortnummeret er ugyldigt.',
  invalidExpiry: 'Udløbsdatoen er ugyldig eller overskredet.',
  invalidCvc: 'Kontrolcifrene skal være 3 eller 4 cifre.',
  closed: 'Denne betaling er allerede afsluttet eller annulleret.',
  notFound: 'Betalingen findes ikke.',
  confirmTitle: 'Bekræft betalingen',
  confirmBody: (amount: string) => `Din bank beder dig bekræfte betalingen på ${amount} (3-D Secure).`,
  approve: 'Bekræft',
  reject: 'Afvis',
  testCards: 'Testkort',
  cardSucceeds: 'gennemføres',
  cardDeclined: 'afvises',
  cardThreeDs: 'kræver bekræftelse (3-D Secure)',
} as const;

const T = CHECKOUT_TEXTS;

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #f4f5fb; }
  body { margin: 0; display: grid; min-height: 100vh; place-items: start center; }
  main { box-sizing: border-box; width: min(420px, calc(100vw - 32px)); margin: 32px 0; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  .what { margin: 0 0 16px; color: #444; }
  .note { background: #fff4ce; border-radius: 4px; padding: 8px 12px; font-size: .9rem; }
  .error { background: #fde7e9; color: #a4262c; border-radius: 4px; padding: 8px 12px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; border: 1px solid #8a8886; border-radius: 4px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font-size: 1rem; padding: 10px 16px; border-radius: 4px; border: 1px solid #35408e; background: #fff; color: #35408e; cursor: pointer; }
  button.primary { background: #35408e; color: #fff; }
  details { margin-top: 20px; font-size: .9rem; }
  code { font-size: .95rem; }
`;

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The card form's fields, as both checkouts (the platform's and the clinics') ask them. */
export const CARD_FIELDS = `  <label for="number">${T.number}</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
  <div class="row">
    <div><label for="expiry">${T.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/ÅÅ" required></div>
    <div><label for="cvc">${T.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div>
  </div>`;

/** The test cards and what each does (core SANDBOX_CARDS). */
export const TEST_CARDS = `<details><summary>${T.testCards}</summary><ul>
  <li><code>${SANDBOX_CARDS.succeeds}</code> ${T.cardSucceeds}</li>
  <li><code>${SANDBOX_CARDS.declined}</code> ${T.cardDeclined}</li>
  <li><code>${SANDBOX_CARDS.threeDSecure}</code> ${T.cardThreeDs}</li>
</ul></details>`;

export interface CheckoutView {
  id: string;
  purpose: string;
  ordertext: string;
  /** Incl. VAT, øre. */
  amount: number;
  /** A subscription whose first charge is later: when. */
  startsAt?: number | null;
}

export function checkoutPage(session: CheckoutView, error: string | null = null): string {
  const amount = formatKroner(session.amount);
  const isCard = session.purpose === 'card';
  const later = session.startsAt != null ? formatDanishDate(session.startsAt) : null;
  const what = isCard ? '' : later ? ` · ${escape(T.firstChargeOn(amount, later))}` : ` · <strong>${escape(amount)}</strong> inkl. moms`;
  const action = `/sandbox/checkout/${encodeURIComponent(session.id)}`;
  return layout(
    T.title,
    `<h1>${T.title}</h1>
<p class="what">${escape(session.ordertext)}${what}</p>
<p class="note">${T.sandbox}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${action}">
${CARD_FIELDS}
  <div class="actions"><button class="primary" type="submit">${escape(isCard || later ? T.saveCard : T.pay(amount))}</button></div>
</form>
<form method="post" action="${action}/cancel"><div class="actions"><button type="submit">${T.cancel}</button></div></form>
${TEST_CARDS}`,
  );
}

export function confirmPage(session: CheckoutView, masked: string): string {
  return threeDSecurePage(session.amount, masked, `/sandbox/checkout/${encodeURIComponent(session.id)}/3ds`);
}

/** The 3-D Secure step of a card payment (the platform's checkout and the clinics'): approve or refuse `amountOre`. */
export function threeDSecurePage(amountOre: number, masked: string, action: string): string {
  const amount = formatKroner(amountOre);
  return layout(
    T.confirmTitle,
    `<h1>${T.confirmTitle}</h1>
<p class="what">${escape(T.confirmBody(amount))}</p>
<p>Kort: <code>${escape(masked)}</code></p>
<p class="note">${T.sandbox}</p>
<form method="post" action="${action}"><div class="actions">
  <button class="primary" type="submit" name="answer" value="approve">${T.approve}</button>
  <button type="submit" name="answer" value="reject">${T.reject}</button>
</div></form>`,
  );
}

export function messagePage(message: string): string {
  return layout(T.title, `<h1>${T.title}</h1><p class="error" role="alert">${escape(message)}</p>`);
}

/** Luhn's check digit rule, which every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The first problem with a typed card, or null. `now` decides whether the expiry has passed. */
export function cardProblem(card: { number: string; expiry: string; cvc: string }, now: number): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return T.invalidNumber;
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!match) return T.invalidExpiry;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const date = new Date(now);
  if (month < 1 || month > 12 || year < date.getUTCFullYear() || (year === date.getUTCFullYear() && month < date.getUTCMonth() + 1)) return T.invalidExpiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return T.invalidCvc;
  return null;
}
