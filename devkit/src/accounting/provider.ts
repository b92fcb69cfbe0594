/**
 * The sandbox accounting system: the local default, inside the API, so that connecting Dinero and transferring works
 * offline and in tests. It plays both Visma Connect (a consent page with 'Tillad'/'Afvis' on the API's origin, pages.ts;
 * codes usable once for ten minutes; refresh and access tokens) and Dinero (an organisation per name typed on the
 * consent page; contacts, products, booked invoices and credit notes and their payments, each written once per external
 * reference).
 * Its records live in `SandboxAccounting` (models/accounting.ts) with deterministic `_id`s, so a code is exchanged once
 * and a record written once even under races (FerretDB keeps only `_id` uniqueness atomic). It refuses to start in
 * production.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '@klinik/api/errors.js';
import type { Models } from '@klinik/api/models/index.js';
import { AccountingGrantError, type AccessToken, type AccountingProvider, type ContactInput, type Grant, type InvoiceInput, type PaymentInput, type ProductInput, type Upserted } from '@klinik/api/adapters/accounting/provider.js';

export const SANDBOX_CLIENT_ID = 'klinik-sandbox';
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_MS = 60 * 60_000;

export interface AccountingSandboxOptions {
  models: Models;
  now: () => number;
  production: boolean;
  /** The only address the consent page sends a browser back to (the configured return route). */
  redirectUri: string;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** A sandbox organisation's id from the name typed on the consent page: the same name is the same organisation. */
export function sandboxOrganizationId(name: string): string {
  const digest = createHash('sha256').update(name.trim().toLowerCase()).digest();
  return String(100000 + (digest.readUInt32BE(0) % 900000));
}

export interface AccountingSandbox extends AccountingProvider {
  /** Whether a consent request names this sandbox and the registered return address. */
  validRequest(clientId: string, redirectUri: string): boolean;
  /** The owner pressed 'Tillad': a code for the organisation of that name. */
  grant(organizationName: string): Promise<string>;
  /** What the sandbox organisation holds (tests and the development page). */
  records(organizationId: string, kind: 'contact' | 'product' | 'invoice' | 'payment'): Promise<Array<{ externalReference: string; id: string; data: Record<string, unknown> }>>;
}

export function createAccountingSandbox(options: AccountingSandboxOptions): AccountingSandbox {
  if (options.production) throw new Error('The sandbox accounting system refuses to start with NODE_ENV=production: configure ACCOUNTING_PROVIDER=dinero');
  const { models, now } = options;
  const { SandboxAccounting } = models;

  async function insert(doc: { _id: string; kind: string; organizationId?: string | null; data?: object; expiresAt?: number | null }): Promise<boolean> {
    try {
      await SandboxAccounting.create({ createdAt: now(), ...doc });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async function organizationOf(access: string): Promise<string> {
    const found = await SandboxAccounting.findById(`token:${hash(access)}`).lean();
    if (!found || (found.expiresAt ?? 0) < now()) throw new AccountingGrantError('sandbox: access token unknown or expired');
    return found.organizationId!;
  }

  async function authorised(access: string, organizationId: string): Promise<void> {
    if ((await organizationOf(access)) !== organizationId) throw new AccountingGrantError('sandbox: the token is not for this organisation');
  }

  /** Writes the record once per external reference: the first write's id is answered to every later one. */
  async function upsert(kind: 'contact' | 'product' | 'invoice' | 'payment', organizationId: string, reference: string, data: object): Promise<Upserted> {
    const _id = `${kind}:${organizationId}:${reference}`;
    const id = randomUUID();
    if (await insert({ _id, kind, organizationId, data: { ...data, id, externalReference: reference } })) return { id, created: true };
    const existing = await SandboxAccounting.findById(_id).lean();
    return { id: (existing!.data as { id: string }).id, created: false };
  }

  async function exists(kind: string, organizationId: string, id: string): Promise<boolean> {
    return Boolean(await SandboxAccounting.exists({ kind, organizationId, 'data.id': id }));
  }

  return {
    kind: 'sandbox',
    consentUrl({ state, redirectUri, origin }) {
      const query = new URLSearchParams({ client_id: SANDBOX_CLIENT_ID, response_type: 'code', scope: 'dineropublicapi:read dineropublicapi:write offline_access', redirect_uri: redirectUri, state });
      return `${origin}/sandbox/accounting/authorize?${query.toString()}`;
    },
    validRequest(clientId, redirectUri) {
      return clientId === SANDBOX_CLIENT_ID && redirectUri === options.redirectUri;
    },
    async grant(organizationName) {
      const name = organizationName.trim().slice(0, 100) || 'Testregnskab';
      const organizationId = sandboxOrganizationId(name);
      await insert({ _id: `org:${organizationId}`, kind: 'org', organizationId, data: { name } });
      const code = token('code');
      await insert({ _id: `code:${hash(code)}`, kind: 'code', organizationId, expiresAt: now() + CODE_TTL_MS, data: { redirectUri: options.redirectUri } });
      return code;
    },
    async exchangeCode(code, redirectUri): Promise<Grant> {
      const found = await SandboxAccounting.findById(`code:${hash(code)}`).lean();
      if (!found || (found.expiresAt ?? 0) < now() || (found.data as { redirectUri?: string }).redirectUri !== redirectUri) {
        throw new AccountingGrantError('sandbox: invalid_grant');
      }
      // A code is exchanged once: the second insert of its use fails on `_id`.
      if (!(await insert({ _id: `used:${hash(code)}`, kind: 'used' }))) throw new AccountingGrantError('sandbox: invalid_grant (code already used)');
      const refreshToken = token('rt');
      await insert({ _id: `grant:${hash(refreshToken)}`, kind: 'grant', organizationId: found.organizationId });
      return { organizationId: found.organizationId!, refreshToken };
    },
    async accessToken(refreshToken): Promise<AccessToken> {
      const grant = await SandboxAccounting.findById(`grant:${hash(refreshToken)}`).lean();
      if (!grant) throw new AccountingGrantError('sandbox: invalid_grant (refresh token)');
      const accessToken = token('at');
      const expiresAt = now() + ACCESS_TTL_MS;
      await insert({ _id: `token:${hash(accessToken)}`, kind: 'token', organizationId: grant.organizationId, expiresAt });
      return { accessToken, refreshToken: null, expiresAt };
    },
    async upsertContact(access, organizationId, contact: ContactInput) {
      await authorised(access, organizationId);
      const { externalReference, ...fields } = contact;
      return upsert('contact', organizationId, externalReference, { ...fields, countryKey: 'DK', isPerson: true });
    },
    async upsertProduct(access, organizationId, product: ProductInput) {
      await authorised(access, organizationId);
      const { externalReference, ...fields } = product;
      return upsert('product', organizationId, externalReference, fields);
    },
    async createBookedInvoice(access, organizationId, invoice: InvoiceInput) {
      await authorised(access, organizationId);
      // As Dinero does: the contact and every product must exist in the organisation.
      if (!(await exists('contact', organizationId, invoice.contactId))) throw new Error('sandbox: unknown contact');
      for (const line of invoice.lines) if (!(await exists('product', organizationId, line.productId))) throw new Error('sandbox: unknown product');
      if (invoice.creditFor && !(await exists('invoice', organizationId, invoice.creditFor))) throw new Error('sandbox: unknown invoice to credit');
      const { externalReference, ...fields } = invoice;
      return upsert('invoice', organizationId, externalReference, { ...fields, booked: true });
    },
    async registerPayment(access, organizationId, payment: PaymentInput) {
      await authorised(access, organizationId);
      // As Dinero does: only a booked document of the organisation takes a payment, and only a positive one.
      if (!(await exists('invoice', organizationId, payment.invoiceId))) throw new Error('sandbox: unknown invoice to pay');
      if (!(payment.amountOre > 0)) throw new Error('sandbox: a payment must be positive');
      const { externalReference, ...fields } = payment;
      return upsert('payment', organizationId, externalReference, fields);
    },
    async records(organizationId, kind) {
      const docs = await SandboxAccounting.find({ kind, organizationId }).lean();
      return docs.map((doc) => {
        const data = doc.data as Record<string, unknown>;
        return { externalReference: String(data.externalReference), id: String(data.id), data };
      });
    },
  };
}
