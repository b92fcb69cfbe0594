/**
 * The transfer to the accounting organisation (issue 13): clients become contacts, treatments products, issued
 * invoices and credit notes booked documents. Every record is written once per organisation: its AccountingLink claim
 * (`<company>:<organisation>:<kind>:<id>`, claim with orphan recovery) decides a race between two transfers, and the
 * provider's writes are idempotent by our external reference, so a retry after a crash finds what was written. A
 * second transfer therefore counts everything as already added.
 *
 * What leaves the clinic: a contact's name, address, e-mail and phone (core accountingContactFields, an allow-list),
 * a treatment's name and price, an invoice's number, date, amounts and the treatment's name and date. Never a CPR
 * number, a journal text or any other health data; client records are read with a projection of exactly those fields.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { accountingContactFields, accountingMessages, copenhagenDateKey, copenhagenWallTime, countOutcome, emptyCount, formatDanishDate, type InvoiceSnapshot, type TransferCount, type TransferScope } from '@klinik/core';
import type { AccountingProvider, Upserted } from '../../adapters/accounting/provider.js';
import { AccountingGrantError, AccountingUnavailableError } from '../../adapters/accounting/provider.js';
import { claimWithRecovery, ORPHAN_AFTER_MS } from '../../data/concurrency/claim-with-recovery.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ServiceUnavailableError } from '../../errors.js';
import type { CompanyDoc, InvoiceDoc } from '../../models/index.js';

export interface AccountingDeps {
  accounting: AccountingProvider;
  now(): number;
  logger: Logger;
}

export type Counts = { invoice: TransferCount; contact: TransferCount; product: TransferCount };
type Kind = keyof Counts;

/** The only client fields ever read for the accounting system. */
const CONTACT_PROJECTION = { nameFirst: 1, nameLast: 1, address: 1, post: 1, town: 1, email: 1, phonePrivate: 1, phoneWork: 1 } as const;
type ContactSource = { _id: { toString(): string } } & Parameters<typeof accountingContactFields>[0];

export function externalReference(companyId: string, kind: 'client' | 'treatment' | 'invoice', id: string): string {
  return `klinik-${companyId}-${kind}-${id}`;
}

/** A running transfer for one clinic and organisation: its access token, its counts, and what it has already done. */
export class TransferRun {
  readonly counts: Counts = { invoice: emptyCount(), contact: emptyCount(), product: emptyCount() };
  private readonly done = new Map<string, Promise<string | null>>();

  constructor(
    private readonly deps: AccountingDeps,
    readonly db: TenantDb,
    readonly company: Pick<CompanyDoc, '_id' | 'moms'>,
    readonly organizationId: string,
    private readonly access: string,
  ) {}

  get companyId(): string {
    return this.company._id.toString();
  }

  private count(kind: Kind, outcome: 'success' | 'alreadyAdded' | 'fail', error?: string): void {
    this.counts[kind] = countOutcome(this.counts[kind], outcome, error);
  }

  /** The record once per run (later asks get the first answer and are not counted again). */
  private memo(kind: Kind, localId: string, work: () => Promise<string | null>): Promise<string | null> {
    const key = `${kind}:${localId}`;
    let promise = this.done.get(key);
    if (!promise) {
      promise = work();
      this.done.set(key, promise);
    }
    return promise;
  }

  /** Writes one record once per organisation; answers its id in the accounting system, or null when it failed. */
  private async once(kind: Kind, localId: string, write: () => Promise<Upserted>): Promise<string | null> {
    const { db } = this;
    const _id = `${this.companyId}:${this.organizationId}:${kind}:${localId}`;
    const existing = await db.AccountingLink.findById(_id).lean();
    if (existing?.externalId) {
      this.count(kind, 'alreadyAdded');
      return existing.externalId;
    }
    const now = this.deps.now();
    let holder: string;
    try {
      // An unfinished claim older than a minute is taken over: the write that follows finds a record the crashed
      // transfer may have made in the accounting system by our own reference (the adapters' upsert), so nothing is
      // written there twice.
      holder = await claimWithRecovery(
        {
          insert: (token) => db.AccountingLink.create({ _id, organizationId: this.organizationId, kind, localId, claimedAt: now, holder: token }),
          find: () => db.AccountingLink.findById(_id).lean(),
          settle: (claim) => (!claim.externalId && claim.claimedAt < now - ORPHAN_AFTER_MS ? 'abandoned' : 'held'),
          removeAbandoned: (previous) => db.AccountingLink.deleteOne({ _id, holder: previous, externalId: null }),
        },
        'busy',
      );
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Another transfer holds the claim: done by now, or still writing (this run does not wait for it).
      const other = await db.AccountingLink.findById(_id).lean();
      if (other?.externalId) {
        this.count(kind, 'alreadyAdded');
        return other.externalId;
      }
      this.count(kind, 'fail', accountingMessages.entityFailed);
      return null;
    }
    try {
      const written = await write();
      await db.AccountingLink.updateOne({ _id }, { $set: { externalId: written.id, doneAt: this.deps.now() } });
      this.count(kind, written.created ? 'success' : 'alreadyAdded');
      return written.id;
    } catch (error) {
      // Let go of the claim (this transfer's own) so that the next transfer tries again.
      await db.AccountingLink.deleteOne({ _id, holder, externalId: null });
      if (error instanceof AccountingGrantError || error instanceof AccountingUnavailableError) throw error;
      // The record was refused: counted, and logged without its content (which may hold a client's name).
      this.deps.logger.warn({ kind, localId, err: (error as Error).name }, 'accounting record refused');
      this.count(kind, 'fail', accountingMessages.entityFailed);
      return null;
    }
  }

  contact(client: ContactSource): Promise<string | null> {
    const id = client._id.toString();
    return this.memo('contact', id, () =>
      this.once('contact', id, () =>
        this.deps.accounting.upsertContact(this.access, this.organizationId, { ...accountingContactFields(client), externalReference: externalReference(this.companyId, 'client', id) }),
      ),
    );
  }

  async contactById(clientId: { toString(): string }): Promise<string | null> {
    const client = await this.db.clinic.Client.findById(clientId, CONTACT_PROJECTION).lean();
    if (!client) {
      this.count('contact', 'fail', accountingMessages.entityFailed);
      return null;
    }
    return this.contact(client);
  }

  product(treatment: { localId: string; name: string; priceOre: number }): Promise<string | null> {
    return this.memo('product', treatment.localId, () =>
      this.once('product', treatment.localId, () =>
        this.deps.accounting.upsertProduct(this.access, this.organizationId, {
          externalReference: externalReference(this.companyId, 'treatment', treatment.localId),
          name: treatment.name,
          priceOre: treatment.priceOre,
          withVat: this.company.moms !== false,
        }),
      ),
    );
  }

  /** The treatment an invoice was for; a treatment deleted since is recreated from the invoice's own snapshot. */
  private async productOf(invoice: InvoiceDoc, snapshot: InvoiceSnapshot): Promise<string | null> {
    const booking = invoice.bookingId ? await this.db.clinic.Booking.findById(invoice.bookingId, { treatmentId: 1 }).lean() : null;
    const treatment = booking?.treatmentId ? await this.db.clinic.Treatment.findById(booking.treatmentId).lean() : null;
    if (treatment) return this.product({ localId: treatment._id.toString(), name: treatment.name, priceOre: treatment.priceOre });
    const price = Math.abs(snapshot.treatment.price);
    const localId = `snapshot-${createHash('sha256').update(`${snapshot.treatment.name}|${price}`).digest('hex').slice(0, 24)}`;
    return this.product({ localId, name: snapshot.treatment.name, priceOre: price });
  }

  invoice(invoice: InvoiceDoc): Promise<string | null> {
    const id = invoice._id.toString();
    return this.memo('invoice', id, async () => {
      const snapshot = invoice.snapshots[0] as InvoiceSnapshot | undefined;
      if (!snapshot) {
        this.count('invoice', 'fail', accountingMessages.entityFailed);
        return null;
      }
      const contactId = await this.contactById(invoice.clientId);
      const productId = await this.productOf(invoice, snapshot);
      let creditFor: string | null = null;
      if (invoice.isCredit && invoice.creditForId) {
        const original = await this.db.clinic.Invoice.findById(invoice.creditForId).lean();
        creditFor = original ? await this.invoice(original) : null;
        if (!creditFor) {
          this.count('invoice', 'fail', accountingMessages.entityFailed);
          return null;
        }
      }
      if (!contactId || !productId) {
        this.count('invoice', 'fail', accountingMessages.entityFailed);
        return null;
      }
      // The treatment's name and date only: the snapshot's journal and Stamjournal texts never leave the clinic.
      const description = `${snapshot.treatment.name} ${formatDanishDate(snapshot.booking.from)}`;
      return this.once('invoice', id, () =>
        this.deps.accounting.createBookedInvoice(this.access, this.organizationId, {
          externalReference: externalReference(this.companyId, 'invoice', id),
          contactId,
          date: copenhagenDateKey(invoice.createdAt),
          number: invoice.number,
          lines: [{ productId, description, amountOre: Math.abs(snapshot.amounts.netOre), withVat: snapshot.settings.moms }],
          creditFor,
        }),
      );
    });
  }
}

/** An access token is reused until a minute before it expires. */
const ACCESS_MARGIN_MS = 60_000;
/** How long a transfer waits for another one's refresh of the token. */
const REFRESH_WAIT_MS = 5_000;

function validAccess(company: Pick<CompanyDoc, 'dineroAccessToken' | 'dineroAccessTokenExpiresAt'>, now: number): string | null {
  return company.dineroAccessToken && (company.dineroAccessTokenExpiresAt ?? 0) > now + ACCESS_MARGIN_MS ? company.dineroAccessToken : null;
}

/**
 * The clinic's access token. Visma Connect rotates refresh tokens and may revoke the whole grant when a spent one is
 * used again, so of transfers needing a new access token at once exactly one refreshes: the one that inserts the claim
 * on the refresh token and the access token it replaces (`<company>:refresh:<sha-256>`, claim with orphan recovery);
 * the others wait for the access token it stores. A failed refresh lets its claim go.
 */
async function accessToken(deps: AccountingDeps, db: TenantDb, company: CompanyDoc): Promise<string> {
  const cached = validAccess(company, deps.now());
  if (cached) return cached;
  const refreshToken = company.dineroRefreshToken!;
  const digest = createHash('sha256').update(`${refreshToken}:${company.dineroAccessTokenExpiresAt ?? 0}`).digest('hex');
  const _id = `${company._id.toString()}:refresh:${digest}`;
  const now = deps.now();
  let holder: string;
  try {
    holder = await claimWithRecovery(
      {
        insert: (token) => db.AccountingLink.create({ _id, organizationId: company.dineroOrgId ?? '-', kind: 'refresh', localId: digest, claimedAt: now, holder: token }),
        find: () => db.AccountingLink.findById(_id).lean(),
        // A refresh leaves nothing to find but the new access token on the company, which the waiters below look for.
        settle: (claim) => (claim.claimedAt < now - ORPHAN_AFTER_MS ? 'abandoned' : 'held'),
        removeAbandoned: (previous) => db.AccountingLink.deleteOne({ _id, holder: previous }),
      },
      accountingMessages.unavailable,
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Another transfer is refreshing: its access token is stored in a moment.
    for (const started = Date.now(); Date.now() - started < REFRESH_WAIT_MS; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const fresh = await db.Company.findById(db.companyId).lean();
      const access = fresh ? validAccess(fresh, deps.now()) : null;
      if (access) return access;
    }
    throw new ServiceUnavailableError(accountingMessages.unavailable);
  }
  let token;
  try {
    token = await asDomainError(() => deps.accounting.accessToken(refreshToken));
  } catch (error) {
    await db.AccountingLink.deleteOne({ _id, holder });
    throw error;
  }
  await db.Company.updateOne(
    { dineroRefreshToken: refreshToken },
    { $set: { dineroAccessToken: token.accessToken, dineroAccessTokenExpiresAt: token.expiresAt, ...(token.refreshToken ? { dineroRefreshToken: token.refreshToken } : {}) } },
  );
  await db.AccountingLink.deleteOne({ _id, holder });
  return token.accessToken;
}

/** A run for the clinic's connection, with its access token. */
export async function openRun(deps: AccountingDeps, db: TenantDb, company: CompanyDoc): Promise<TransferRun> {
  if (!company.dineroOrgId || !company.dineroRefreshToken) throw new ConflictError(accountingMessages.notConnected);
  return new TransferRun(deps, db, company, company.dineroOrgId, await accessToken(deps, db, company));
}

/** The provider's failures as the product's errors: a grant no longer valid (409), the service unreachable (503). */
export async function asDomainError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountingGrantError) throw new ConflictError(accountingMessages.connectionExpired);
    if (error instanceof AccountingUnavailableError) throw new ServiceUnavailableError(accountingMessages.unavailable);
    throw error;
  }
}

/** Everything, or the invoices issued in the period (Copenhagen days, both included) with their clients and treatments. */
export async function transferScoped(run: TransferRun, scope: TransferScope): Promise<Counts> {
  const { clinic } = run.db;
  await asDomainError(async () => {
    let issued: Record<string, unknown> = {};
    if (scope.kind === 'all') {
      for (const treatment of await clinic.Treatment.find({}).sort({ createdAt: 1 }).lean()) {
        await run.product({ localId: treatment._id.toString(), name: treatment.name, priceOre: treatment.priceOre });
      }
      for (const client of await clinic.Client.find({}, CONTACT_PROJECTION).sort({ _id: 1 }).lean()) await run.contact(client);
    } else {
      const [fromYear, fromMonth, fromDay] = scope.fromDate.split('-').map(Number) as [number, number, number];
      const [toYear, toMonth, toDay] = scope.toDate.split('-').map(Number) as [number, number, number];
      issued = { createdAt: { $gte: copenhagenWallTime(fromYear, fromMonth, fromDay), $lt: copenhagenWallTime(toYear, toMonth, toDay + 1) } };
    }
    // Merged statements are not numbered documents and are not booked; originals before their credit notes.
    for (const invoice of await clinic.Invoice.find({ isMerged: false, ...issued }).sort({ createdAt: 1, seq: 1 }).lean()) await run.invoice(invoice);
  });
  return run.counts;
}
