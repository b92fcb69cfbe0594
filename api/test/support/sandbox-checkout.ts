/**
 * The payment sandbox's hosted checkout pages driven as a browser posts them (no redirects followed, so a test reads
 * the status and where it would go): a test card, or MobilePay's approval page. The webhook reaches the clinic before
 * the page answers, so a test may read the outcome at once.
 */
import { SANDBOX_CARDS } from '@klinik/core';

/** A form post as the checkout pages receive it. */
export function formPost(fields: Record<string, string>) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual' as const,
  };
}

/** Pays on the checkout page at `url` with a card (the test card that succeeds unless told otherwise). */
export function payWithCard(url: string, number: string = SANDBOX_CARDS.succeeds): Promise<Response> {
  return fetch(url, formPost({ number, expiry: '12/39', cvc: '123' }));
}

/** Approves (or refuses) the payment on the checkout's MobilePay page, as the client would in the app. */
export function payWithMobilePay(url: string, answer: 'approve' | 'reject' = 'approve'): Promise<Response> {
  return fetch(`${url}/mobilepay`, formPost({ phone: '20123456', answer }));
}
