/**
 * A clinic's own payment account, as the booking payments need it: the money a client pays at online booking goes to
 * the clinic's merchant account at the provider, never through the platform's (provider.ts is the platform's own,
 * for the clinic's subscription). One gateway per clinic, built from the account the owner connected on /Settings
 * ('Betaling ved booking'): for production the clinic's own Frisbii account (its private key and webhook secret), and
 * locally the payment sandbox, which acts as every clinic's merchant account.
 *
 * Amounts here are integer øre INCLUDING VAT: what the client pays, as the treatment's price says (the platform's
 * provider works in øre excluding VAT and adds 25 %; a clinic's treatment may be exempt). The server decides every
 * amount from the treatment; nothing the browser sends is an amount.
 *
 * Idempotency: a charge is keyed by its handle (chosen by the product: `bp<payment id>` for a booking's payment,
 * `nf<booking id>` for a no-show fee), a refund by its key; the same handle or key twice makes one charge or refund,
 * and the first one is answered.
 */

/** How the client paid: card, or MobilePay (the provider's hosted checkout offers both). */
export type MerchantMethod = 'card' | 'mobilepay';

export interface MerchantCharge {
  handle: string;
  /** `pending` while the checkout is open; `settled` is money taken; `failed` declined; `cancelled` lapsed unpaid. */
  state: 'pending' | 'settled' | 'failed' | 'cancelled';
  /** What the client was charged, øre including VAT. */
  amountOre: number;
  /** What has been refunded of it so far (never more than `amountOre`). */
  refundedOre: number;
  method: MerchantMethod | null;
  /** The card saved for later charges (a no-show fee), when the client agreed at checkout; else null. */
  cardId: string | null;
  maskedCard: string;
  /** The merchant's customer the charge is on. */
  customer: string;
  settledAt: number | null;
}

export interface MerchantCheckoutRequest {
  /** The charge's handle: the same handle twice opens no second charge. */
  handle: string;
  customer: { handle: string; email: string; name: string };
  amountOre: number;
  ordertext: string;
  methods: MerchantMethod[];
  /** Save the card for a later fee (the client accepted that in the cancellation rule). */
  saveCard: boolean;
  /** Where the browser goes after paying, and after giving up. */
  acceptUrl: string;
  cancelUrl: string;
  /** The API's own address as the browser reached it (where the sandbox serves its page; a real provider ignores it). */
  origin?: string;
  /** The checkout closes then (the time's hold ends): a payment after it is refused by the provider or refunded by us. */
  expiresAt: number;
}

export interface MerchantRefund {
  id: string;
  chargeHandle: string;
  amountOre: number;
  state: 'refunded' | 'failed';
}

/** A webhook from the clinic's account: verified (signature and age; the charge is then fetched back by handle), or not. */
export type MerchantWebhookReading = { verified: false } | { verified: true; id: string; type: string; chargeHandle: string | null };

export interface MerchantGateway {
  readonly kind: 'sandbox' | 'frisbii';
  /** A call with the account's credentials, made before they are saved: throws `PaymentDeclinedError`-like errors when refused. */
  verifyAccount(): Promise<void>;
  /** The provider's hosted checkout (card and MobilePay) for one charge. */
  createCheckout(request: MerchantCheckoutRequest): Promise<{ id: string; url: string }>;
  getCharge(handle: string): Promise<MerchantCharge | null>;
  /** Charges a card saved at checkout (a no-show fee); idempotent on the handle. */
  chargeSavedCard(customer: string, cardId: string, charge: { handle: string; amountOre: number; ordertext: string }): Promise<MerchantCharge>;
  /** Refunds part or all of a settled charge; idempotent on `key`; never more than is left of the charge. */
  refund(chargeHandle: string, amountOre: number, key: string): Promise<MerchantRefund>;
  /** Reads a webhook request to this clinic's endpoint; `signature` is the request's signature header, where the provider signs in one. */
  readWebhook(rawBody: string, signature: string | undefined): Promise<MerchantWebhookReading>;
}

/** The provider refused a refund: more than is left of the charge, or a charge that was never settled. */
export class MerchantRefundRefusedError extends Error {
  override name = 'MerchantRefundRefusedError';
}

/** The clinic's account as stored (models/payment-account.ts), secrets decrypted: what a gateway is built from. */
export type MerchantAccount =
  | { provider: 'sandbox'; webhookSecret: string }
  | { provider: 'frisbii'; privateKey: string; webhookSecret: string };

/** Builds a clinic's gateway from its account; the sandbox only where the development kit is loaded. */
export interface MerchantGateways {
  /** The sandbox can be every clinic's merchant here (the development kit is loaded with the payment sandbox). */
  readonly sandboxAvailable: boolean;
  forAccount(companyId: string, account: MerchantAccount): MerchantGateway;
}

export type SandboxMerchantFactory = (companyId: string, webhookSecret: string) => MerchantGateway;

/**
 * The gateways of this process: Frisbii accounts over HTTPS to the provider's hosts (configurable for tests), the
 * sandbox through the kit's factory when it is loaded. A sandbox account in a process without the kit is refused:
 * it cannot be reached, and pretending would lose payments.
 */
export function createMerchantGateways(options: {
  sandbox: SandboxMerchantFactory | null;
  frisbii: (companyId: string, account: { privateKey: string; webhookSecret: string }) => MerchantGateway;
}): MerchantGateways {
  return {
    sandboxAvailable: options.sandbox !== null,
    forAccount(companyId, account) {
      if (account.provider === 'frisbii') return options.frisbii(companyId, account);
      if (!options.sandbox) throw new Error('The payment sandbox is not loaded in this process');
      return options.sandbox(companyId, account.webhookSecret);
    },
  };
}

/** The provider refused the account's credentials (the test call at connection): the key or account is wrong. */
export class MerchantAccountRefusedError extends Error {
  override name = 'MerchantAccountRefusedError';
}
