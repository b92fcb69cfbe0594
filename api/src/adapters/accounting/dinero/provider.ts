/**
 * The production accounting system: Dinero, authorised through Visma Connect (wire.ts pins every path and shape).
 * Each write first looks for our external reference and creates only when it is not there, so a retry after a crash
 * or a lost answer finds the first record; an invoice is created as a draft and booked, and a draft left unbooked by a
 * crash is booked by the retry; a payment is added to a booked document once, found among its payments by our reference.
 * Every call has a time limit; a 401 or an `invalid_grant` is a grant error (the owner
 * connects again), anything else the service being unavailable (the record is retried later). The OAuth legs (consent
 * address, code exchange, refresh) go through security/oauth (oauth4webapi).
 */
import type { DineroConfig } from '../../../config.js';
import { AccountingGrantError, AccountingRejectedError, AccountingUnavailableError, type AccountingProvider, type InvoiceInput, type Upserted } from '../provider.js';
import { createOAuthClient, OAuthRequestError } from '../../../security/oauth/client.js';
import { fetchJson } from '../../http-json.js';
import {
  DEPOSIT_ACCOUNT,
  kroner,
  paths,
  referenceFilter,
  SCOPE,
  type BookRequest,
  type ContactCreate,
  type ContactCreated,
  type CreditNoteCreate,
  type DocumentCreated,
  type DocumentRead,
  type GuidRow,
  type InvoiceCreate,
  type ListAnswer,
  type OrganizationRow,
  type PaymentCreate,
  type PaymentsAnswer,
  type ProductCreate,
  type ProductCreated,
} from './wire.js';

export interface DineroOptions extends DineroConfig {
  now: () => number;
  timeoutMs?: number;
}

export function createDineroProvider(options: DineroOptions): AccountingProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** What a refusal means to the accounting: Visma Connect's and Dinero's alike. */
  function refusal(status: number, code: unknown): Error {
    if (status === 401 || code === 'invalid_grant') return new AccountingGrantError(`Dinero refused the grant (${status})`);
    // The answer's text is not logged: it may echo what was sent (a client's name).
    if (status >= 400 && status < 500) return new AccountingRejectedError(`Dinero refused the request (${status})`);
    return new AccountingUnavailableError(`Dinero answered ${status}`);
  }

  async function send<T>(url: URL, init: RequestInit): Promise<T> {
    const { status, ok, body } = await fetchJson(url, init, timeoutMs, (error) => new AccountingUnavailableError(`Dinero could not be reached: ${error.message}`));
    const code = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    if (!ok || code === 'invalid_grant') throw refusal(status, code);
    return body as T;
  }

  const oauth = createOAuthClient({
    endpoints: { issuer: options.connectUrl, authorizationEndpoint: new URL(paths.authorize, options.connectUrl).toString(), tokenEndpoint: new URL(paths.token, options.connectUrl).toString() },
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    now: options.now,
    timeoutMs,
  });

  /** An OAuth call, its failure in the accounting's terms. */
  async function viaOAuth<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof OAuthRequestError)) throw new AccountingUnavailableError(`Dinero could not be reached: ${(error as Error).message}`);
      throw refusal(error.status ?? 502, error.code);
    }
  }

  function api<T>(access: string, method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
    const url = new URL(path, options.apiUrl);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return send<T>(url, {
      method,
      headers: { authorization: `Bearer ${access}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function findByReference(access: string, path: string, reference: string, fields: string): Promise<GuidRow | null> {
    const answer = await api<ListAnswer<GuidRow>>(access, 'GET', path, undefined, { queryFilter: referenceFilter(reference), fields });
    return answer.Collection?.[0] ?? null;
  }

  function account(withVat: boolean): number {
    return withVat ? options.accountWithVat : options.accountWithoutVat;
  }

  async function book(access: string, org: string, invoice: InvoiceInput, draft: { Guid: string; TimeStamp: string }): Promise<void> {
    const path = invoice.creditFor ? paths.bookCreditNote(org, draft.Guid) : paths.bookInvoice(org, draft.Guid);
    await api<DocumentCreated>(access, 'POST', path, { Timestamp: draft.TimeStamp } satisfies BookRequest);
  }

  return {
    kind: 'dinero',
    consentUrl({ state, redirectUri }) {
      return oauth.authorizationUrl({ redirectUri, state, scope: SCOPE, extra: { ui_locales: 'da-DK' } });
    },
    async exchangeCode(code, redirectUri) {
      const tokens = await viaOAuth(() => oauth.exchangeCode({ code, redirectUri }));
      if (!tokens.refreshToken) throw new AccountingGrantError('Visma Connect answered no refresh token (offline_access missing)');
      // The grant's organisation: the first the user may reach (Visma Connect's consent names one organisation).
      const organizations = await api<OrganizationRow[]>(tokens.accessToken, 'GET', paths.organizations, undefined, { fields: 'Id,Name,IsPro' });
      const organization = organizations[0];
      if (!organization) throw new AccountingGrantError('The Dinero user has no organisation');
      return { organizationId: String(organization.Id), refreshToken: tokens.refreshToken };
    },
    async accessToken(refreshToken) {
      const tokens = await viaOAuth(() => oauth.refresh(refreshToken));
      return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt ?? options.now() + 3600_000 };
    },
    async upsertContact(access, org, contact): Promise<Upserted> {
      const found = await findByReference(access, paths.contacts(org), contact.externalReference, 'ContactGuid');
      if (found?.ContactGuid) return { id: found.ContactGuid, created: false };
      const body: ContactCreate = {
        Name: contact.name,
        Street: contact.street,
        ZipCode: contact.zipCode,
        City: contact.city,
        CountryKey: 'DK',
        Phone: contact.phone,
        Email: contact.email,
        IsPerson: true,
        ExternalReference: contact.externalReference,
      };
      const created = await api<ContactCreated>(access, 'POST', paths.contacts(org), body);
      return { id: created.ContactGuid, created: true };
    },
    async upsertProduct(access, org, product): Promise<Upserted> {
      const found = await findByReference(access, paths.products(org), product.externalReference, 'ProductGuid');
      if (found?.ProductGuid) return { id: found.ProductGuid, created: false };
      const body: ProductCreate = {
        Name: product.name,
        BaseAmountValue: kroner(product.priceOre),
        Quantity: 1,
        AccountNumber: account(product.withVat),
        Unit: 'session',
        ExternalReference: product.externalReference,
      };
      const created = await api<ProductCreated>(access, 'POST', paths.products(org), body);
      return { id: created.ProductGuid, created: true };
    },
    async createBookedInvoice(access, org, invoice): Promise<Upserted> {
      const list = invoice.creditFor ? paths.creditNotes(org) : paths.invoices(org);
      const found = await findByReference(access, list, invoice.externalReference, 'Guid,Status,TimeStamp');
      if (found?.Guid) {
        // A draft a crashed run left unbooked is booked now.
        if (found.Status === 'Draft' && found.TimeStamp) await book(access, org, invoice, { Guid: found.Guid, TimeStamp: found.TimeStamp });
        return { id: found.Guid, created: false };
      }
      const draft: InvoiceCreate = {
        ContactGuid: invoice.contactId,
        Date: invoice.date,
        Currency: 'DKK',
        Language: 'da-DK',
        ExternalReference: invoice.externalReference,
        Description: `Faktura ${invoice.number}`,
        ShowLinesInclVat: false,
        ProductLines: invoice.lines.map((line) => ({
          ProductGuid: line.productId,
          Description: line.description,
          Quantity: 1,
          AccountNumber: account(line.withVat),
          Unit: 'session',
          Discount: 0,
          LineType: 'Product',
          BaseAmountValue: kroner(line.amountOre),
        })),
      };
      const body: InvoiceCreate | CreditNoteCreate = invoice.creditFor ? { ...draft, Description: `Kreditnota ${invoice.number}`, CreditNoteFor: invoice.creditFor } : draft;
      const created = await api<DocumentCreated>(access, 'POST', list, body);
      await book(access, org, invoice, created);
      return { id: created.Guid, created: true };
    },
    async registerPayment(access, org, payment): Promise<Upserted> {
      const list = payment.creditNote ? paths.creditNotePayments(org, payment.invoiceId) : paths.invoicePayments(org, payment.invoiceId);
      // A document's payments are few: ours is found among them by its reference (the list has no queryFilter).
      const earlier = await api<PaymentsAnswer>(access, 'GET', list);
      if (earlier.Payments?.some((row) => row.ExternalReference === payment.externalReference)) return { id: payment.externalReference, created: false };
      const document = await api<DocumentRead>(access, 'GET', payment.creditNote ? paths.creditNote(org, payment.invoiceId) : paths.invoice(org, payment.invoiceId));
      const body: PaymentCreate = {
        Timestamp: document.TimeStamp,
        DepositAccountNumber: DEPOSIT_ACCOUNT,
        ExternalReference: payment.externalReference,
        PaymentDate: payment.date,
        Description: payment.description,
        Amount: kroner(payment.amountOre),
      };
      await api<DocumentCreated>(access, 'POST', list, body);
      // Dinero answers the document's new Timestamp, not the payment's id: the payment is known by our reference.
      return { id: payment.externalReference, created: true };
    },
  };
}
