/**
 * Tenant isolation is structural (docs/decisions/0003-caller-scoped-data-access.md): every model declares a scope
 * rule, every tenant model is reached through the caller-scoped data access, which adds the company (and the
 * therapist where the rule says so), and a query of tenant data without the company fails before it reaches the
 * database.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { CLINIC_WIDE_REASONS, tenantDb, TENANT_MODEL_NAMES, withScope, type ClinicWideReason } from '../src/data/tenant-db.js';
import { MODEL_SCOPES, TENANT_MODELS, type ModelName, type Models } from '../src/models/index.js';
import { UnscopedQueryError } from '../src/models/scope.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let models: Models;
beforeAll(async () => {
  t = await startTestApi();
  models = t.api.services.models;
});
afterAll(async () => {
  await t.close();
});

const companyA = new Types.ObjectId();
const therapist = new Types.ObjectId();

describe('every model has a scope rule', () => {
  it('no model is registered on the connection without one', () => {
    const registered = models.Company.db.modelNames();
    const withoutRule = registered.filter((name) => !(name in MODEL_SCOPES));
    // A model added with conn.model(...) instead of an aggregate file's defineModel(...) lands here.
    expect(withoutRule).toEqual([]);
    expect(registered.sort()).toEqual(Object.keys(MODEL_SCOPES).sort());
  });

  it('the scoped data access covers exactly the tenant models', () => {
    expect([...TENANT_MODEL_NAMES].sort()).toEqual([...TENANT_MODELS].sort());
    for (const name of TENANT_MODELS) expect(models[name].schema.path('companyId')).toBeDefined();
  });

  it('derived and platform models say why they are not scoped by company', () => {
    for (const [name, rule] of Object.entries(MODEL_SCOPES)) {
      if (rule.kind === 'derived' || rule.kind === 'platform') expect({ name, why: rule.why.length > 20 }).toEqual({ name, why: true });
    }
  });
});

describe('the scoped data access', () => {
  it.each([...TENANT_MODEL_NAMES])('%s: every query carries the company, and the owner rule where declared', (name) => {
    const db = tenantDb(models, companyA, { therapistId: therapist, isOwner: false });
    const owner = (MODEL_SCOPES[name] as { owner?: string }).owner;
    const filter = (db[name] as unknown as { find(filter: object): { getFilter(): Record<string, unknown> } }).find({ name: 'x' }).getFilter();
    expect(filter.companyId).toEqual(companyA);
    if (owner) expect(filter[owner]).toEqual(therapist);
    const clinicWide = (db.clinic('clinic-wide-check')[name] as unknown as { find(filter: object): { getFilter(): Record<string, unknown> } }).find({}).getFilter();
    expect(clinicWide).toEqual({ companyId: companyA });
    const asOwner = tenantDb(models, companyA, { therapistId: therapist, isOwner: true });
    expect((asOwner[name] as unknown as { countDocuments(filter: object): { getFilter(): Record<string, unknown> } }).countDocuments({}).getFilter()).toEqual({ companyId: companyA });
  });

  it('keeps a filter on another company or therapist, and adds its own beside it (never widens)', () => {
    const other = new Types.ObjectId();
    expect(withScope({ companyId: other, therapistId: other }, { companyId: companyA, therapistId: therapist })).toEqual({
      companyId: other,
      therapistId: other,
      $and: [{ companyId: companyA }, { therapistId: therapist }],
    });
    expect(withScope({ companyId: companyA }, { companyId: companyA })).toEqual({ companyId: companyA });
  });

  it('refuses to move a document to another clinic, or a therapist\'s document to a colleague', () => {
    const db = tenantDb(models, companyA, { therapistId: therapist, isOwner: false });
    expect(() => db.Booking.updateOne({}, { $set: { companyId: new Types.ObjectId() } })).toThrow(/may not change/);
    expect(() => db.Booking.updateMany({}, { therapistId: new Types.ObjectId() })).toThrow(/may not change/);
    expect(() => db.clinic('client-record-copies').Booking.updateOne({}, { $set: { companyId: new Types.ObjectId() } })).toThrow(/may not change/);
  });

  it('reaches nothing of a model but the scoped methods', () => {
    const asTherapist = tenantDb(models, companyA, { therapistId: therapist, isOwner: false });
    expect(() => (asTherapist.Client as unknown as { collection: unknown }).collection).toThrow(/not part of the scoped data access/);
    expect(() => (asTherapist.Client as unknown as { bulkWrite: unknown }).bulkWrite).toThrow(/not part of the scoped data access/);
    expect(() => (asTherapist.Company as unknown as { deleteOne: unknown }).deleteOne).toThrow(/not part of the scoped data access/);
  });

  it("stamps inserts with the company, refuses another clinic's, and reads back only its own", async () => {
    const companyB = new Types.ObjectId();
    const a = tenantDb(models, companyA);
    const b = tenantDb(models, companyB);
    await a.Treatment.create({ therapistId: therapist, name: 'Massage A', duration: 1800, priceOre: 40000 });
    await b.Treatment.insertMany([{ therapistId: therapist, name: 'Massage B', duration: 1800, priceOre: 40000 }]);
    await expect(a.Treatment.create({ companyId: companyB, therapistId: therapist, name: 'Snyd', duration: 60, priceOre: 1 })).rejects.toThrow(/another clinic/);
    expect((await a.Treatment.find({}).lean()).map((row) => row.name)).toEqual(['Massage A']);
    expect((await b.Treatment.find({ name: 'Massage A' }).lean())).toEqual([]);
    expect(await b.Treatment.deleteMany({})).toMatchObject({ deletedCount: 1 });
    expect(await a.Treatment.countDocuments({})).toBe(1);
    const [sum] = await a.Treatment.aggregate<{ total: number }>([{ $group: { _id: null, total: { $sum: '$priceOre' } } }]);
    expect(sum?.total).toBe(40000);
  });

  it("reaches a client's journals, fields, comments, revisions and images only through a client the caller may see", async () => {
    const companyC = new Types.ObjectId();
    const owner = { therapistId: new Types.ObjectId(), isOwner: true };
    const a = { therapistId: new Types.ObjectId(), isOwner: false };
    const b = { therapistId: new Types.ObjectId(), isOwner: false };
    const asA = tenantDb(models, companyC, a);
    const asB = tenantDb(models, companyC, b);
    const client = await asA.Client.create({ createdBy: a.therapistId, nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', cprKey: `k-${companyC.toHexString()}` });
    const journal = await asA.Journal.create({ clientId: client._id, therapistId: a.therapistId, from: 1, to: 2 });
    await asA.CustomField.create({ clientId: client._id, journalId: null, isJournal: false, name: 'Noter', value: 'fortroligt' });
    const clientRuled = (Object.keys(MODEL_SCOPES) as ModelName[]).filter((name) => (MODEL_SCOPES[name] as { client?: string }).client);
    expect(clientRuled.sort()).toEqual(['CustomField', 'FieldComment', 'Image', 'Journal', 'Revision']);

    // The colleague: nothing of it, however asked.
    expect(await asB.Journal.findById(journal._id).lean()).toBeNull();
    expect(await asB.Journal.find({}).lean()).toEqual([]);
    expect(await asB.Journal.find({ clientId: client._id }).lean()).toEqual([]);
    expect(await asB.CustomField.countDocuments({})).toBe(0);
    expect(await asB.CustomField.exists({ clientId: client._id })).toBeNull();
    expect(await asB.Journal.distinct('_id', {})).toEqual([]);
    expect(await asB.CustomField.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }])).toEqual([]);
    expect(await asB.Journal.updateOne({ _id: journal._id }, { $set: { remark: 'ændret' } })).toMatchObject({ matchedCount: 0 });
    expect(await asB.Journal.deleteMany({ clientId: client._id })).toMatchObject({ deletedCount: 0 });
    await expect(asB.FieldComment.create({ clientId: client._id, customFieldName: 'Noter', value: 'x', createdById: b.therapistId, createdBy: 'B' })).rejects.toThrow(/adgang/i);
    expect(() => asB.Journal.updateOne({}, { $set: { clientId: new Types.ObjectId() } })).toThrow(/may not change/);

    // The therapist whose client it is, the owner, and the named clinic-wide reasons see it.
    expect((await asA.Journal.findById(journal._id).lean())?._id).toEqual(journal._id);
    expect(await asA.CustomField.countDocuments({})).toBe(1);
    expect(await tenantDb(models, companyC, owner).Journal.countDocuments({ clientId: client._id })).toBe(1);
    expect(await asB.clinic('erasure').Journal.countDocuments({})).toBe(1);
    expect(await tenantDb(models, companyC).Journal.countDocuments({})).toBe(1);
  });

  it("refuses a non-owner's insert of a colleague's document", async () => {
    const db = tenantDb(models, companyA, { therapistId: therapist, isOwner: false });
    await expect(db.Leave.create({ therapistId: new Types.ObjectId(), from: 0, to: 1, reason: 'x' })).rejects.toThrow();
  });
});

describe('the run-time guard', () => {
  it.each([...TENANT_MODEL_NAMES])('%s: a query without the company fails before the database', async (name: ModelName) => {
    const model = models[name] as unknown as {
      find(filter: object): { exec(): Promise<unknown> };
      updateMany(filter: object, update: object): { exec(): Promise<unknown> };
      countDocuments(filter: object): { setOptions(options: object): { exec(): Promise<unknown> }; exec(): Promise<unknown> };
    };
    await expect(model.find({}).exec()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(model.updateMany({ _id: new Types.ObjectId() }, { $set: { x: 1 } }).exec()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(model.countDocuments({ companyId: { $exists: true } }).exec()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(model.countDocuments({ companyId: companyA }).exec()).resolves.toBeGreaterThanOrEqual(0);
    await expect(model.countDocuments({}).setOptions({ crossTenant: 'a test says why' }).exec()).resolves.toBeGreaterThanOrEqual(0);
  });

  it('guards aggregations and the clinic itself too', async () => {
    await expect(models.StorageEntry.aggregate([{ $group: { _id: null, total: { $sum: '$bytes' } } }]).exec()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(models.Company.find({}).exec()).rejects.toBeInstanceOf(UnscopedQueryError);
    await expect(models.Company.findById(companyA).exec()).resolves.toBeNull();
  });
});

describe('the code keeps to the layers', () => {
  const src = path.resolve(import.meta.dirname, '..', 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const full = path.join(dir, entry);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
    });
  const read = (dir: string) => files(path.join(src, dir)).map((file) => ({ file: path.relative(src, file), text: readFileSync(file, 'utf8') }));

  it('domain and data code import nothing from the HTTP layer', () => {
    const offending = [...read('domain'), ...read('data'), ...read('actions')].filter(({ text }) => /from '(\.\.\/)+endpoint\//.test(text)).map(({ file }) => file);
    expect(offending).toEqual([]);
  });

  it('handlers and domain code never reach the raw models; derived models only through their modules', () => {
    const code = [...read('domain'), ...read('actions')];
    expect(code.filter(({ text }) => /services\.models|\.models\./.test(text) && !/sweepStalledUploads/.test(text)).map(({ file }) => file)).toEqual([]);
    const derived = Object.entries(MODEL_SCOPES).filter(([, rule]) => rule.kind === 'derived').map(([name]) => name);
    for (const name of derived) {
      const users = [...read('domain'), ...read('actions'), ...read('jobs'), ...read('endpoint')].filter(({ text }) => new RegExp(`\\b${name}\\b`).test(text)).map(({ file }) => file);
      expect({ name, users }).toEqual({ name, users: [] });
    }
  });

  it('reaches past the therapist and client rules only for a named reason, in the files listed for it', () => {
    // Who may say `db.clinic(reason)`: a new file, or a new reason in a file, is a new line here (and a reason to
    // think about whether a colleague's records are really needed).
    const allowed: Record<string, ClinicWideReason[]> = {
      'domain/accounting/issued.ts': ['accounting-transfer'],
      'domain/accounting/transfer.ts': ['accounting-transfer'],
      'domain/booking-payments/invoice.ts': ['invoice-numbering', 'invoice-of-a-visible-record'],
      'domain/clients/erasure.ts': ['erasure'],
      'domain/clients/records.ts': ['client-record-copies', 'clinic-wide-check'],
      'domain/contact/newsletters.ts': ['message-planning'],
      'domain/contact/planner.ts': ['message-planning'],
      'domain/contact/sms-ledger.ts': ['sms-ledger'],
      'domain/courses/courses.ts': ['course-days'],
      'domain/courses/days.ts': ['course-days'],
      'domain/courses/views.ts': ['course-days'],
      'domain/import/engine.ts': ['import'],
      'domain/invoices/company.ts': ['invoice-numbering'],
      'domain/invoices/issue.ts': ['invoice-numbering', 'invoice-of-a-visible-record'],
      'domain/invoices/mail.ts': ['merged-statement'],
      'domain/invoices/merged.ts': ['merged-statement'],
      'domain/invoices/numbering.ts': ['invoice-numbering'],
      'domain/invoices/payment-facts.ts': ['invoice-of-a-visible-record'],
      'domain/invoices/payments.ts': ['invoice-of-a-visible-record', 'invoice-recipient'],
      'domain/invoices/queries.ts': ['merged-statement'],
      'domain/invoices/retention.ts': ['erasure'],
      'domain/invoices/snapshot.ts': ['invoice-of-a-visible-record'],
      'domain/journals/custom-fields.ts': ['client-record-copies'],
      'domain/journals/journals.ts': ['booking-of-a-visible-client'],
      'domain/journals/stamjournal.ts': ['stamjournal-seed'],
      'domain/online-booking/booking.ts': ['public-page'],
      'domain/online-booking/review.ts': ['public-page'],
      'domain/portal/details.ts': ['client-record-copies'],
      'domain/portal/session.ts': ['public-page'],
      'domain/scheduling/bookings.ts': ['clinic-wide-check'],
      'domain/scheduling/resource-claims.ts': ['room-bookings'],
      'domain/scheduling/rooms.ts': ['room-bookings'],
      'domain/statistics/exports.ts': ['statistics'],
      'domain/statistics/figures.ts': ['statistics'],
      'domain/statistics/months.ts': ['statistics'],
      'domain/therapists/admin.ts': ['clinic-wide-check'],
      'domain/waitlist/accept.ts': ['public-page'],
    };
    const used: Record<string, ClinicWideReason[]> = {};
    const unnamed: string[] = [];
    for (const { file, text } of read('.')) {
      if (file === path.join('data', 'tenant-db.ts')) continue;
      const reasons = [...new Set([...text.matchAll(/\.clinic\('([^']*)'\)/g)].map((match) => match[1] as ClinicWideReason))].sort();
      if (reasons.length) used[file.split(path.sep).join('/')] = reasons;
      // Without a literal reason (a variable, an alias `{ clinic } = db`) the list above could not see the use.
      if (/(?:\bdb|\))\s*\.clinic\b(?!\(')|\{\s*clinic\s*\}\s*=/.test(text)) unnamed.push(file);
    }
    expect(unnamed).toEqual([]);
    expect(used).toEqual(allowed);
    expect(Object.values(allowed).flat().filter((reason) => !(reason in CLINIC_WIDE_REASONS))).toEqual([]);
    // Every reason is used and says in a line why.
    expect(Object.keys(CLINIC_WIDE_REASONS).filter((reason) => !Object.values(allowed).flat().includes(reason as ClinicWideReason))).toEqual([]);
    for (const [reason, why] of Object.entries(CLINIC_WIDE_REASONS)) expect({ reason, why: why.length > 30 && !why.includes('\n') }).toEqual({ reason, why: true });
    expect(() => tenantDb(models, companyA).clinic('because' as ClinicWideReason)).toThrow(/not a reason/);
  });

  it('looks across clinics only where it says why', () => {
    const platformUsers = [...read('domain'), ...read('actions')].filter(({ text }) => /\.platform\b/.test(text)).map(({ file }) => file).sort();
    // The platform administrator and the support team work across clinics by definition.
    expect(platformUsers).toEqual([
      'actions/auth.ts',
      'domain/accounts/sessions.ts',
      'domain/online-booking/courses.ts',
      'domain/online-booking/public-therapist.ts',
      'domain/platform/audit.ts',
      'domain/platform/companies.ts',
      'domain/platform/support.ts',
      // A portal link or session names its clinic before anything else does (models/portal.ts).
      'domain/portal/session.ts',
    ]);
    for (const { file, text } of [...read('domain'), ...read('jobs'), ...read('data'), ...read('cli')]) {
      for (const match of text.matchAll(/crossTenant: ?'([^']*)'/g)) expect({ file, why: match[1]!.length > 15 }).toEqual({ file, why: true });
    }
  });
});
