/**
 * The merchant sandbox's hosted checkout (a clinic's client paying at online booking): MobilePay and card on one
 * page, MobilePay's approval page standing in for the app, the 3-D Secure page. Server-rendered HTML in Danish, usable
 * on a phone and with a keyboard, saying it is a test environment.
 */
import { formatCopenhagenTime, formatDanishDate, formatKroner } from '@klinik/core';
import { CARD_FIELDS, CHECKOUT_TEXTS, escape, layout, TEST_CARDS, threeDSecurePage } from './pages.js';
import type { MerchantSessionView } from './merchant.js';

export const MERCHANT_TEXTS = {
  mobilePay: 'MobilePay',
  orCard: 'Eller betal med kort',
  savesCard: 'Kortet gemmes hos klinikken, så et gebyr ved udeblivelse eller sen afbestilling kan trækkes på det.',
  payBefore: (time: string) => `Betal senest kl. ${time}: derefter frigives tiden.`,
  mobilePayTitle: 'Godkend i MobilePay',
  mobilePayBody: (amount: string, what: string) => `Godkend betalingen på ${amount} til ${what}.`,
  phone: 'Mobilnummer',
  approve: 'Godkend',
  reject: 'Afvis',
  mobilePayRejected: 'Betalingen blev afvist i MobilePay.',
  invalidPhone: 'Skriv et dansk mobilnummer med 8 cifre.',
  expired: 'Tiden til at betale er udløbet. Betalingen er lukket, og der er ikke trukket noget.',
} as const;

const M = MERCHANT_TEXTS;
const T = CHECKOUT_TEXTS;

const action = (sessionId: string, step = '') => `/sandbox/merchant/${encodeURIComponent(sessionId)}${step}`;

export function merchantCheckoutPage(session: MerchantSessionView, error: string | null = null): string {
  const amount = formatKroner(session.amountOre);
  const mobilePay = session.methods.includes('mobilepay')
    ? `<form method="get" action="${action(session.id, '/mobilepay')}"><div class="actions"><button class="primary" type="submit">${M.mobilePay}</button></div></form>`
    : '';
  const card = session.methods.includes('card')
    ? `${mobilePay ? `<h2>${M.orCard}</h2>` : ''}
<form method="post" action="${action(session.id)}">
${CARD_FIELDS}
  ${session.saveCard ? `<p>${escape(M.savesCard)}</p>` : ''}
  <div class="actions"><button class="primary" type="submit">${escape(T.pay(amount))}</button></div>
</form>
${TEST_CARDS}`
    : '';
  const deadline = session.expiresAt != null ? `<p>${escape(M.payBefore(`${formatCopenhagenTime(session.expiresAt)} ${formatDanishDate(session.expiresAt)}`))}</p>` : '';
  return layout(
    T.title,
    `<h1>${T.title}</h1>
<p class="what">${escape(session.ordertext)} · <strong>${escape(amount)}</strong> inkl. moms</p>
<p class="note">${T.sandbox}</p>
${deadline}
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${mobilePay}
${card}
<form method="post" action="${action(session.id, '/cancel')}"><div class="actions"><button type="submit">${T.cancel}</button></div></form>`,
  );
}

export function mobilePayPage(session: MerchantSessionView, error: string | null = null, phone = ''): string {
  const amount = formatKroner(session.amountOre);
  return layout(
    M.mobilePayTitle,
    `<h1>${M.mobilePayTitle}</h1>
<p class="what">${escape(M.mobilePayBody(amount, session.ordertext))}</p>
<p class="note">${T.sandbox}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${action(session.id, '/mobilepay')}">
  <label for="phone">${M.phone}</label>
  <input id="phone" name="phone" inputmode="tel" autocomplete="tel" value="${escape(phone)}" required>
  <div class="actions">
    <button class="primary" type="submit" name="answer" value="approve">${M.approve}</button>
    <button type="submit" name="answer" value="reject">${M.reject}</button>
  </div>
</form>`,
  );
}

export function merchantConfirmPage(session: MerchantSessionView, masked: string): string {
  return threeDSecurePage(session.amountOre, masked, action(session.id, '/3ds'));
}
