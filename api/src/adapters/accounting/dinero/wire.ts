/**
 * Dinero's and Visma Connect's wire shapes and paths, pinned in one file. Sources: Visma Connect's OAuth 2.0 code flow
 * (authorize at `<connect>/connect/authorize`, token at `<connect>/connect/token`, form-encoded, client id and secret in
 * the body, refresh tokens rotated on every use, scope `dineropublicapi:read dineropublicapi:write offline_access`) and
 * Dinero's public API v1 (https://api.dinero.dk/openapi/index.html): PascalCase JSON, `queryFilter` on lists, the
 * organisation id in the path, invoices created as drafts and booked with their `Timestamp`. To be checked once against
 * a Dinero test organisation before going live (the account numbers, and ExternalReference on products in particular).
 */

export const SCOPE = 'dineropublicapi:read dineropublicapi:write offline_access';

export const paths = {
  authorize: '/connect/authorize',
  token: '/connect/token',
  organizations: '/v1/organizations',
  contacts: (org: string) => `/v1/${org}/contacts`,
  products: (org: string) => `/v1/${org}/products`,
  invoices: (org: string) => `/v1/${org}/invoices`,
  bookInvoice: (org: string, guid: string) => `/v1/${org}/invoices/${guid}/book`,
  creditNotes: (org: string) => `/v1/${org}/sales/creditnotes`,
  bookCreditNote: (org: string, guid: string) => `/v1/${org}/sales/creditnotes/${guid}/book`,
  invoice: (org: string, guid: string) => `/v1/${org}/invoices/${guid}`,
  creditNote: (org: string, guid: string) => `/v1/${org}/sales/creditnotes/${guid}`,
  invoicePayments: (org: string, guid: string) => `/v1/${org}/invoices/${guid}/payments`,
  creditNotePayments: (org: string, guid: string) => `/v1/${org}/sales/creditnotes/${guid}/payments`,
};

/**
 * The account a payment is deposited to: 55010 'Bank' of Dinero's standard chart of accounts (the account Dinero's
 * own examples and clients deposit to). A clinic that renamed or moved its bank account in Dinero would need a setting
 * of its own; until one asks, every payment goes to the standard one.
 */
export const DEPOSIT_ACCOUNT = 55010;

/** GET /v1/organizations?fields=Id,Name,IsPro */
export interface OrganizationRow {
  Id: number;
  Name: string;
  IsPro?: boolean;
}

/** A list answer: `{ Collection, Pagination }`. */
export interface ListAnswer<T> {
  Collection: T[];
}

/** POST /v1/{org}/contacts */
export interface ContactCreate {
  Name: string;
  Street: string;
  ZipCode: string;
  City: string;
  CountryKey: 'DK';
  Phone: string;
  Email: string;
  IsPerson: true;
  ExternalReference: string;
}
export interface ContactCreated {
  ContactGuid: string;
}

/** POST /v1/{org}/products */
export interface ProductCreate {
  Name: string;
  /** Kroner excluding VAT. */
  BaseAmountValue: number;
  Quantity: 1;
  AccountNumber: number;
  Unit: 'session';
  ExternalReference: string;
}
export interface ProductCreated {
  ProductGuid: string;
}

export interface ProductLine {
  ProductGuid: string;
  Description: string;
  Quantity: 1;
  AccountNumber: number;
  Unit: 'session';
  Discount: 0;
  LineType: 'Product';
  /** Kroner excluding VAT (ShowLinesInclVat false). */
  BaseAmountValue: number;
}

/** POST /v1/{org}/invoices (a draft) */
export interface InvoiceCreate {
  ContactGuid: string;
  Date: string;
  Currency: 'DKK';
  Language: 'da-DK';
  ExternalReference: string;
  Description: string;
  ShowLinesInclVat: false;
  ProductLines: ProductLine[];
}

/** POST /v1/{org}/sales/creditnotes (a draft) */
export interface CreditNoteCreate extends Omit<InvoiceCreate, 'Description'> {
  CreditNoteFor: string;
  Description: string;
}

/** Answer of a draft's creation, and of booking it. */
export interface DocumentCreated {
  Guid: string;
  TimeStamp: string;
}

/** POST …/{guid}/book */
export interface BookRequest {
  Timestamp: string;
}

/** GET …/invoices/{guid} (or …/sales/creditnotes/{guid}): the document's current Timestamp, which a payment names. */
export interface DocumentRead {
  Guid: string;
  TimeStamp: string;
}

/** POST …/invoices/{guid}/payments (or …/sales/creditnotes/{guid}/payments); the document must be booked. */
export interface PaymentCreate {
  /** The document's current Timestamp. */
  Timestamp: string;
  DepositAccountNumber: number;
  ExternalReference: string;
  /** YYYY-MM-DD */
  PaymentDate: string;
  Description: string;
  /** Kroner incl. VAT, positive (on a credit note: paid back). */
  Amount: number;
}

/** GET …/payments: the document's payments so far. */
export interface PaymentsAnswer {
  Payments?: Array<{ Guid?: string; ExternalReference?: string | null }>;
}

/** GET …?queryFilter=ExternalReference eq '<ref>'&fields=… : the rows found. */
export interface GuidRow {
  ContactGuid?: string;
  ProductGuid?: string;
  Guid?: string;
  Status?: string;
  TimeStamp?: string;
}

/** Øre as Dinero's kroner. */
export function kroner(ore: number): number {
  return Math.round(ore) / 100;
}

/** A value for `queryFilter`; our references are made of [A-Za-z0-9:-] only, so no quoting rules are needed. */
export function referenceFilter(reference: string): string {
  if (!/^[A-Za-z0-9:-]+$/.test(reference)) throw new Error('external reference with unexpected characters');
  return `ExternalReference eq '${reference}'`;
}
