/**
 * The transfer to the accounting organisation: clients become contacts, treatments products, issued
 * invoices and credit notes booked documents, and the money they moved (paid invoices, refunds) their payments. Every
 * record is written once per organisation: its AccountingLink claim (`<company>:<organisation>:<kind>:<id>`, claim
 * with orphan recovery) decides a race between two transfers, and the provider's writes are idempotent by our external
 * reference, so a retry after a crash finds what was written. A second transfer therefore counts everything as already
 * added.
 *
 * What leaves the clinic: a contact's name, address, e-mail and phone (core accountingContactFields, an allow-list),
 * a treatment's name and price, an invoice's number, date, amounts and the treatment's name and date. Never a CPR
 * number, a journal text or any other health data; client records are read with a projection of exactly those fields.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Types } from 'mongoose';
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
/** What is written once per organisation: the counted records, and payments (not counted: part of their document). */
type LinkKind = Kind | 'payment';

/** One count a record made. */
export interface Tally {
  kind: Kind;
  outcome: 'success' | 'alreadyAdded' | 'fail';
  error: string | null;
}

/**
 * A background transfer's memory of what it has finished (domain/accounting/runs.ts): kept with the run, so an attempt
 * that takes over after a crash neither sends nor counts a record again. Without one (an issued invoice's own
 * transfer) a run remembers only in memory.
 */
export interface RunLedger {
  readonly runId: string;
  /** What earlier attempts finished: `<kind>:<our id>` → its id in the accounting system (null: it failed). */
  readonly finished: ReadonlyMap<string, string | null>;
  /** The counts of the earlier attempts. */
  readonly counts: Counts;
  /** A record this attempt finished, with the counts it made. */
  finish(key: string, externalId: string | null, tally: Tally[]): void;
}

/** The counts of the record being worked on (a record's own work; records it needs have their own). */
const tallies = new AsyncLocalStorage<Tally[]>();

/** The only client fields ever read for the accounting system. */
const CONTACT_PROJECTION = { nameFirst: 1, nameLast: 1, address: 1, post: 1, town: 1, email: 1, phonePrivate: 1, phoneWork: 1 } as const;
type ContactSource = { _id: { toString(): string } } & Parameters<typeof accountingContactFields>[0];

export function externalReference(companyId: string, kind: 'client' | 'treatment' | 'invoice' | 'payment', id: string): string {
  return `klinik-${companyId}-${kind}-${id}`;
}

/** A running transfer for one clinic and organisation: its access token, its counts, and what it has already done. */
export class TransferRun {
  readonly counts: Counts = { invoice: emptyCount(), contact: emptyCount(), product: emptyCount() };
  /** Payments refused or left to another transfer in this run: their document waits for the next attempt. */
  paymentFailures = 0;
  private readonly done = new Map<string, Promise<string | null>>();

  constructor(
    private readonly deps: AccountingDeps,
    readonly db: TenantDb,
    readonly company: Pick<CompanyDoc, '_id' | 'moms'>,
    readonly organizationId: string,
    private access: string,
    private accessExpiresAt = Number.POSITIVE_INFINITY,
    private readonly ledger: RunLedger | null = null,
  ) {
    if (ledger) Object.assign(this.counts, structuredClone(ledger.counts));
  }

  /**
   * A background transfer outlives its access token (an hour at Visma Connect, a first transfer of years of invoices
   * takes longer): a fresh one, through the one-refresh-at-a-time rule, before the next record when it is near its end.
   */
  async keepAccess(): Promise<void> {
    if (this.accessExpiresAt > this.deps.now() + ACCESS_MARGIN_MS) return;
    const company = await this.db.Company.findById(this.db.companyId).lean();
    if (!company?.dineroRefreshToken || company.dineroOrgId !== this.organizationId) throw new ConflictError(accountingMessages.notConnected);
    const fresh = await accessToken(this.deps, this.db, company);
    this.access = fresh.token;
    this.accessExpiresAt = fresh.expiresAt;
  }

  /** Whether an earlier attempt of this run claimed the link (so what it wrote counts as this run's). */
  private ours(link: { runId?: string | null } | null | undefined): boolean {
    return Boolean(this.ledger && link?.runId === this.ledger.runId);
  }

  get companyId(): string {
    return this.company._id.toString();
  }

  private count(kind: LinkKind, outcome: 'success' | 'alreadyAdded' | 'fail', error?: string): void {
    if (kind === 'payment') {
      if (outcome === 'fail') this.paymentFailures += 1;
      return;
    }
    this.counts[kind] = countOutcome(this.counts[kind], outcome, error);
    tallies.getStore()?.push({ kind, outcome, error: outcome === 'fail' ? (error ?? accountingMessages.entityFailed) : null });
  }

  /** The record once per run (later asks get the first answer and are not counted again), also across attempts. */
  private memo(kind: Kind, localId: string, work: () => Promise<string | null>): Promise<string | null> {
    const key = `${kind}:${localId}`;
    let promise = this.done.get(key);
    if (!promise) {
      const ledger = this.ledger;
      const earlier = ledger?.finished.get(key);
      if (earlier !== undefined) promise = Promise.resolve(earlier);
      else if (!ledger) promise = work();
      else {
        const tally: Tally[] = [];
        promise = tallies.run(tally, work).then((id) => {
          ledger.finish(key, id, tally);
          return id;
        });
      }
      this.done.set(key, promise);
    }
    return promise;
  }

  /** Writes one record once per organisation; answers its id in the accounting system, or null when it failed. */
  private async once(kind: LinkKind, localId: string, write: () => Promise<Upserted>): Promise<string | null> {
    const { db } = this;
    const _id = `${this.companyId}:${this.organizationId}:${kind}:${localId}`;
    const existing = await db.AccountingLink.findById(_id).lean();
    if (existing?.externalId) {
      // Written by an earlier attempt of this run (cut off before it noted the record as finished): this run's.
      this.count(kind, this.ours(existing) ? 'success' : 'alreadyAdded');
      return existing.externalId;
    }
    const now = this.deps.now();
    let holder: string;
    let takenOver = false;
    try {
      // An unfinished claim older than a minute is taken over: the write that follows finds a record the crashed
      // transfer may have made in the accounting system by our own reference (the adapters' upsert), so nothing is
      // written there twice.
      holder = await claimWithRecovery(
        {
          insert: (token) => db.AccountingLink.create({ _id, organizationId: this.organizationId, kind, localId, claimedAt: now, holder: token, runId: this.ledger?.runId ?? null }),
          find: () => db.AccountingLink.findById(_id).lean(),
          settle: (claim) => {
            if (claim.externalId || claim.claimedAt >= now - ORPHAN_AFTER_MS) return 'held';
            takenOver = this.ours(claim);
            return 'abandoned';
          },
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
      // Found by our reference after a crashed attempt of this same run: that attempt sent it, so it is this run's.
      this.count(kind, written.created || takenOver ? 'success' : 'alreadyAdded');
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
    const client = await this.db.clinic('accounting-transfer').Client.findById(clientId, CONTACT_PROJECTION).lean();
    if (!client) {
      this.count('contact', 'fail', accountingMessages.entityFailed);
      return null;
    }
    return this.contact(client);
  }

  /**
   * `withVat`: the account the product books to by default, by the treatment's VAT kind (each invoice line
   * names its own account anyway); the clinic's 'Momsregistreret' when not known.
   */
  product(treatment: { localId: string; name: string; priceOre: number; withVat?: boolean }): Promise<string | null> {
    return this.memo('product', treatment.localId, () =>
      this.once('product', treatment.localId, () =>
        this.deps.accounting.upsertProduct(this.access, this.organizationId, {
          externalReference: externalReference(this.companyId, 'treatment', treatment.localId),
          name: treatment.name,
          priceOre: treatment.priceOre,
          withVat: treatment.withVat ?? this.company.moms !== false,
        }),
      ),
    );
  }

  /**
   * The treatment a line was for (a line of an invoice issued before invoice lines carried their own treatment: the booking's); a treatment deleted
   * since is recreated from the invoice's own snapshot.
   */
  private async productOf(invoice: InvoiceDoc, line: AccountingLinePlan): Promise<string | null> {
    let treatmentId = line.treatmentId;
    if (!treatmentId && invoice.bookingId) treatmentId = (await this.db.clinic('accounting-transfer').Booking.findById(invoice.bookingId, { treatmentId: 1 }).lean())?.treatmentId?.toString() ?? null;
    const treatment = treatmentId ? await this.db.Treatment.findById(treatmentId).lean() : null;
    if (treatment) return this.product({ localId: treatment._id.toString(), name: treatment.name, priceOre: treatment.priceOre, withVat: line.withVat });
    const localId = `snapshot-${createHash('sha256').update(`${line.name}|${line.priceOre}`).digest('hex').slice(0, 24)}`;
    return this.product({ localId, name: line.name, priceOre: line.priceOre, withVat: line.withVat });
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
      const plans = accountingLinesOf(snapshot);
      const productIds: (string | null)[] = [];
      for (const plan of plans) productIds.push(await this.productOf(invoice, plan));
      let creditFor: string | null = null;
      if (invoice.isCredit && invoice.creditForId) {
        const original = await this.db.clinic('accounting-transfer').Invoice.findById(invoice.creditForId).lean();
        creditFor = original ? await this.invoice(original) : null;
        if (!creditFor) {
          this.count('invoice', 'fail', accountingMessages.entityFailed);
          return null;
        }
      }
      if (!contactId || productIds.some((productId) => !productId)) {
        this.count('invoice', 'fail', accountingMessages.entityFailed);
        return null;
      }
      // The treatment's name and date only: the snapshot's journal and Stamjournal texts never leave the clinic.
      // Each line to the account of its VAT kind.
      const lines = plans.map((plan, index) => ({
        productId: productIds[index]!,
        description: `${plan.name} ${formatDanishDate(snapshot.booking.from)}`,
        amountOre: plan.amountOre,
        withVat: plan.withVat,
      }));
      const documentId = await this.once('invoice', id, () =>
        this.deps.accounting.createBookedInvoice(this.access, this.organizationId, {
          externalReference: externalReference(this.companyId, 'invoice', id),
          contactId,
          date: copenhagenDateKey(invoice.createdAt),
          number: invoice.number,
          lines,
          creditFor,
        }),
      );
      if (documentId) await this.payment(invoice, documentId);
      return documentId;
    });
  }

  /**
   * The document's payment, once it is booked: an invoice marked paid (at booking, a no-show fee charged to the card,
   * or by hand) or a booking payment's refund credit note. Its link and reference name the payment event (the
   * invoice's n-th payment change, or the refund), so a retry, a takeover or a later run never registers it twice, and
   * a payment marked after the invoice was booked is registered by the next transfer that goes through the invoice.
   */
  private async payment(invoice: InvoiceDoc, documentId: string): Promise<void> {
    const paid = paymentOf(invoice);
    if (!paid) return;
    const localId = `${invoice._id.toString()}-${paid.event}`;
    await this.once('payment', localId, () =>
      this.deps.accounting.registerPayment(this.access, this.organizationId, {
        invoiceId: documentId,
        creditNote: invoice.isCredit === true,
        externalReference: externalReference(this.companyId, 'payment', localId),
        date: paid.date,
        amountOre: paid.amountOre,
        description: invoice.isCredit ? `Tilbagebetaling, kreditnota ${invoice.number}` : `Betaling af faktura ${invoice.number}`,
      }),
    );
  }
}

/** A booking payment's refund credit note's claim (booking-payments/refunds.ts): `<payment>:refund:<n>`. */
const REFUND_CLAIM = /^[0-9a-f]{24}:refund:\d+$/;

/**
 * The money a document has moved, if any: a paid invoice's total on its day of payment (event `paid-<n>`, its payment
 * ledger's number), or what a booking payment's refund credit note paid back, its whole amount on its day (event
 * `refund`: such a credit note is issued only once the provider has refunded). A credit note made by hand moved no
 * money through the product (whether the clinic paid anything back is not known here), nor did an imported or merged
 * document.
 */
export function paymentOf(invoice: InvoiceDoc): { event: string; date: string; amountOre: number } | null {
  if (invoice.isMerged || invoice.imported) return null;
  if (invoice.isCredit) {
    const amountOre = -(invoice.totalOre ?? 0);
    return REFUND_CLAIM.test(invoice.claimId ?? '') && amountOre > 0 ? { event: 'refund', date: copenhagenDateKey(invoice.createdAt), amountOre } : null;
  }
  if (!invoice.paidOn || !invoice.paymentSeq || !((invoice.totalOre ?? 0) > 0)) return null;
  return { event: `paid-${invoice.paymentSeq}`, date: invoice.paidOn, amountOre: invoice.totalOre };
}

/** An invoice line as the accounting system gets it: its product, its net amount and whether it carries VAT. */
export interface AccountingLinePlan {
  /** The treatment it was made from; null for an invoice issued before lines carried their treatment (its booking's). */
  treatmentId: string | null;
  name: string;
  /** The treatment's price (the product's), øre. */
  priceOre: number;
  /** Net of the line excluding VAT, øre, positive also on a credit note (the document is the credit). */
  amountOre: number;
  /** Its VAT kind: 25 % (the sales account with VAT) or none (the account without). */
  withVat: boolean;
}

/**
 * The lines of an invoice or credit note for the accounting system: one per snapshot line, each posted to
 * the account of its own VAT kind, so a mixed visit is booked as it was invoiced; an invoice issued before has its
 * one treatment with the invoice's VAT.
 */
export function accountingLinesOf(snapshot: InvoiceSnapshot): AccountingLinePlan[] {
  if (!snapshot.lines) {
    return [{ treatmentId: null, name: snapshot.treatment.name, priceOre: Math.abs(snapshot.treatment.price), amountOre: Math.abs(snapshot.amounts.netOre), withVat: snapshot.settings.moms }];
  }
  return snapshot.lines.map((line) => ({
    treatmentId: line.treatmentId,
    name: line.name,
    priceOre: Math.abs(line.priceOre),
    amountOre: Math.abs(line.netOre),
    withVat: line.vatPercent > 0,
  }));
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
 * the others wait for the access token it stores. A failed refresh lets its claim go. The claim's holder reads the
 * company again before refreshing: a transfer that read it before another's refresh finished would otherwise reach a
 * free claim and spend the rotated-away refresh token a second time.
 */
async function accessToken(deps: AccountingDeps, db: TenantDb, company: CompanyDoc): Promise<{ token: string; expiresAt: number }> {
  const cached = validAccess(company, deps.now());
  if (cached) return { token: cached, expiresAt: company.dineroAccessTokenExpiresAt ?? 0 };
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
      if (access) return { token: access, expiresAt: fresh?.dineroAccessTokenExpiresAt ?? 0 };
    }
    throw new ServiceUnavailableError(accountingMessages.unavailable);
  }
  // The company was read before the claim: a refresh that finished in between (and let its claim go) has already spent
  // this refresh token. Using it again could cost the grant, so look again now that no one else can refresh it.
  const current = await db.Company.findById(db.companyId).lean();
  if (current?.dineroRefreshToken !== refreshToken || (current && validAccess(current, deps.now()))) {
    await db.AccountingLink.deleteOne({ _id, holder });
    if (!current?.dineroRefreshToken) throw new ConflictError(accountingMessages.notConnected);
    return accessToken(deps, db, current);
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
  return { token: token.accessToken, expiresAt: token.expiresAt };
}

/** A run for the clinic's connection, with its access token; a background transfer's with its ledger. */
export async function openRun(deps: AccountingDeps, db: TenantDb, company: CompanyDoc, ledger: RunLedger | null = null): Promise<TransferRun> {
  if (!company.dineroOrgId || !company.dineroRefreshToken) throw new ConflictError(accountingMessages.notConnected);
  const access = await accessToken(deps, db, company);
  return new TransferRun(deps, db, company, company.dineroOrgId, access.token, access.expiresAt, ledger);
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

/** What a background transfer hears of, and asks, while it goes through the records. */
export interface TransferHooks {
  /** The records it goes through in all (treatments, clients and invoices; a period's invoices), once counted. */
  planned(total: number): void;
  phase(phase: 'products' | 'contacts' | 'invoices'): void;
  /** One record gone through. */
  step(): void;
  /** Asked before each record: true ends the transfer there (the process stopping, the run taken over or cancelled). */
  stopped(): boolean;
}

const NO_HOOKS: TransferHooks = { planned: () => undefined, phase: () => undefined, step: () => undefined, stopped: () => false };
/** Records read from the database at a time: a clinic's years of invoices are not held in memory at once. */
const READ_BATCH = 100;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += READ_BATCH) out.push(items.slice(index, index + READ_BATCH));
  return out;
}

/**
 * Everything, or the invoices issued in the period (Copenhagen days, both included) with their clients and treatments.
 * Answers whether it went through all of them (false: `hooks.stopped()` ended it first).
 */
export async function transferScoped(run: TransferRun, scope: TransferScope, hooks: TransferHooks = NO_HOOKS): Promise<boolean> {
  const clinic = run.db.clinic('accounting-transfer');
  return asDomainError(async () => {
    let issued: Record<string, unknown> = {};
    let treatments: Array<{ _id: { toString(): string }; name: string; priceOre: number; vatExempt?: boolean | null }> = [];
    let clientIds: Types.ObjectId[] = [];
    if (scope.kind === 'all') {
      treatments = await clinic.Treatment.find({}, { name: 1, priceOre: 1, vatExempt: 1 }).sort({ createdAt: 1, _id: 1 }).lean();
      clientIds = (await clinic.Client.find({}, { _id: 1 }).sort({ _id: 1 }).lean()).map((client) => client._id);
    } else {
      const [fromYear, fromMonth, fromDay] = scope.fromDate.split('-').map(Number) as [number, number, number];
      const [toYear, toMonth, toDay] = scope.toDate.split('-').map(Number) as [number, number, number];
      issued = { createdAt: { $gte: copenhagenWallTime(fromYear, fromMonth, fromDay), $lt: copenhagenWallTime(toYear, toMonth, toDay + 1) } };
    }
    // Merged statements are not numbered documents and are not booked, nor are invoices imported from the old system
    // (booked in its books: import/engine.ts); originals before their credit notes.
    const invoiceIds = (await clinic.Invoice.find({ isMerged: false, imported: { $ne: true }, ...issued }, { _id: 1 }).sort({ createdAt: 1, seq: 1, _id: 1 }).lean()).map((invoice) => invoice._id);
    hooks.planned(treatments.length + clientIds.length + invoiceIds.length);

    hooks.phase('products');
    for (const treatment of treatments) {
      if (hooks.stopped()) return false;
      await run.keepAccess();
      await run.product({ localId: treatment._id.toString(), name: treatment.name, priceOre: treatment.priceOre, withVat: treatment.vatExempt !== true });
      hooks.step();
    }
    hooks.phase('contacts');
    for (const ids of batches(clientIds)) {
      const clients = new Map((await clinic.Client.find({ _id: { $in: ids } }, CONTACT_PROJECTION).lean()).map((client) => [client._id.toString(), client]));
      for (const id of ids) {
        if (hooks.stopped()) return false;
        const client = clients.get(id.toString());
        if (client) {
          await run.keepAccess();
          await run.contact(client);
        }
        hooks.step();
      }
    }
    hooks.phase('invoices');
    for (const ids of batches(invoiceIds)) {
      const invoices = new Map((await clinic.Invoice.find({ _id: { $in: ids } }).lean()).map((invoice) => [invoice._id.toString(), invoice]));
      for (const id of ids) {
        if (hooks.stopped()) return false;
        const invoice = invoices.get(id.toString());
        if (invoice) {
          await run.keepAccess();
          await run.invoice(invoice);
        }
        hooks.step();
      }
    }
    return true;
  });
}
