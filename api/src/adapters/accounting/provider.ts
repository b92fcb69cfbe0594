/**
 * The accounting system as the product needs it: Dinero through Visma Connect's OAuth code flow, or the
 * sandbox inside the API. A consent page the owner is sent to (with our signed `state`), the exchange of the code it
 * returns for the organisation and a refresh token (kept on the server only), an access token from the refresh token,
 * and four idempotent writes keyed by our external references: a contact (a client), a product (a treatment), a
 * booked invoice or credit note, and a payment of one (money in for an invoice, money paid back for a credit note). Writing the same external reference twice finds the first record, so a retry after a
 * crash never makes a second one.
 *
 * Implementations: sandbox/ (the local default, refuses NODE_ENV=production) and dinero/ (production, configured by
 * DINERO_CLIENT_ID / DINERO_CLIENT_SECRET; README, Configuration).
 */
import type { AccountingContactFields } from '@klinik/core';

export interface Grant {
  /** The accounting organisation the owner granted access to. */
  organizationId: string;
  /** Secret: stored on the company, never answered to a browser, never logged. */
  refreshToken: string;
}

export interface AccessToken {
  accessToken: string;
  /** Visma Connect rotates refresh tokens: when set, the old one is spent and this one must be stored. */
  refreshToken: string | null;
  expiresAt: number;
}

export interface ContactInput extends AccountingContactFields {
  /** Ours: `klinik-<company>-client-<id>`; never a CPR number or a name. */
  externalReference: string;
}

export interface ProductInput {
  externalReference: string;
  name: string;
  /** Price excluding VAT, øre. */
  priceOre: number;
  withVat: boolean;
}

export interface InvoiceLine {
  productId: string;
  /** The treatment's name and date only: never journal texts. */
  description: string;
  /** Net amount of the line excluding VAT, øre (a credit note's lines are positive; the document is the credit). */
  amountOre: number;
  withVat: boolean;
}

export interface InvoiceInput {
  externalReference: string;
  contactId: string;
  /** YYYY-MM-DD, the issue date in Copenhagen. */
  date: string;
  /** Our invoice number, as a reference on the document. */
  number: string;
  lines: InvoiceLine[];
  /** A credit note: the accounting system's id of the invoice it credits. */
  creditFor: string | null;
}

export interface PaymentInput {
  /** The accounting system's id of the booked invoice or credit note. */
  invoiceId: string;
  /** Whether that document is a credit note (the payment is money paid back to the client). */
  creditNote: boolean;
  /** Ours: `klinik-<company>-payment-<invoice>-<event>`, one per payment event of the invoice. */
  externalReference: string;
  /** YYYY-MM-DD, the day it was paid (or paid back) in Copenhagen. */
  date: string;
  /** Positive, øre incl. VAT; for a credit note the money paid back. */
  amountOre: number;
  /** The document's number only: never a client's name. */
  description: string;
}

export type Upserted = { id: string; created: boolean };

export interface AccountingProvider {
  readonly kind: 'sandbox' | 'dinero' | 'none';
  /** The consent page's address; `redirectUri` is where it sends the browser back with `code` and `state`. */
  consentUrl(input: { state: string; redirectUri: string; origin: string }): string;
  /** Exchanges a code from the consent page once; a code used twice or expired throws AccountingGrantError. */
  exchangeCode(code: string, redirectUri: string): Promise<Grant>;
  /** A short-lived access token; a refresh token that is no longer valid throws AccountingGrantError. */
  accessToken(refreshToken: string): Promise<AccessToken>;
  upsertContact(access: string, organizationId: string, contact: ContactInput): Promise<Upserted>;
  upsertProduct(access: string, organizationId: string, product: ProductInput): Promise<Upserted>;
  /** Creates and books the invoice (or credit note) once per external reference. */
  createBookedInvoice(access: string, organizationId: string, invoice: InvoiceInput): Promise<Upserted>;
  /** Registers a payment of a booked invoice or credit note once per external reference. */
  registerPayment(access: string, organizationId: string, payment: PaymentInput): Promise<Upserted>;
}

/** The grant (a code or a refresh token) is not valid: the owner must connect again. */
export class AccountingGrantError extends Error {
  override name = 'AccountingGrantError';
}

/** The accounting system could not be reached or refused a request for a reason of its own. */
export class AccountingUnavailableError extends Error {
  override name = 'AccountingUnavailableError';
}

/** The accounting system refused this one record (a 4xx other than an authorisation failure): it counts as failed. */
export class AccountingRejectedError extends Error {
  override name = 'AccountingRejectedError';
}
