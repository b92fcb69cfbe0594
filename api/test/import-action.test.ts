/**
 * The import through the product: `importCsv` with real multipart uploads, the import job
 * (jobs/imports.ts) run as the server runs it, the report mailed to a real SMTP server, and `getImport` as the
 * page reads it. Malformed files are refused with their reason and leave nothing behind (no run, no blob, no
 * record); the add-on and the owner are required by the API; a second run adds nothing; bad rows are reported with
 * their row numbers while the rest comes in; another clinic's ids in a file touch nothing of that clinic; a run
 * whose process died is taken over; the support team's upload goes through the same import.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import { DAY_MS, formatInvoiceNumber, importMessages as M, startOfCopenhagenDay, supportMessages, type ImportRunView } from '@klinik/core';
import { supportFileKey } from '../src/adapters/blobs/index.js';
import { generateSampleExport, SAMPLE_FILE_NAMES, toCsv, toXlsx, type SampleExport, type SampleKind } from '../src/domain/import/samples.js';
import { MAX_ATTEMPTS, runImports, STALE_MS } from '../src/jobs/imports.js';
import { encryptBytes } from '../src/security/encryption.js';
import { copenhagenYear } from '../src/domain/invoices/views.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const KINDS: readonly SampleKind[] = ['client', 'treatment', 'booking', 'invoiceLine', 'invoice'];
type Upload = { field: string; name: string; data: Buffer };

function sample(seed = 7): SampleExport {
  return generateSampleExport({ seed, clients: 25, treatments: 4, bookings: 80, invoices: 20, now: t.clock.now() });
}
const csvFiles = (records: SampleExport): Upload[] => KINDS.map((kind) => ({ field: kind, name: `${SAMPLE_FILE_NAMES[kind]}.csv`, data: toCsv(kind, records[kind] as never) }));

/** A CSV upload with cells changed: [row as the file numbers it, column, new text]. */
function editCsv(file: Upload, edits: [number, string, string][]): Upload {
  const lines = file.data.toString('latin1').split('\r\n');
  const header = lines[0]!.split(';');
  for (const [row, column, value] of edits) {
    const cells = lines[row - 1]!.split(';');
    cells[header.indexOf(column)] = /[;"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    lines[row - 1] = cells.join(';');
  }
  return { ...file, data: Buffer.from(lines.join('\r\n'), 'latin1') };
}

async function send(token: string, files: Upload[], fields: Record<string, string> = { domain: 'easypractice', email: 'rapport@klinik.test' }) {
  const form = new FormData();
  form.set('action', 'importCsv');
  form.set('token', token);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(t.url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { success?: boolean; message: string; errors?: Record<string, string>; data: ImportRunView } };
}

async function ownerWithAddOn(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { importDataActive: true } });
  return owner;
}

const runJob = () => runImports(t.api.services, 'test-runner');

async function finished(owner: SignedInOwner, id: string): Promise<ImportRunView> {
  await runJob();
  const answer = await t.call('getImport', { id }, owner.token);
  expect(answer.status).toBe(200);
  return answer.body.data!;
}

/** What a clinic holds, counted (through the inspection models, across nothing but this clinic). */
async function holdings(companyId: string) {
  const [clients, treatments, bookings, invoices, runs] = await Promise.all([
    t.models.Client.countDocuments({ companyId }),
    t.models.Treatment.countDocuments({ companyId }),
    t.models.Booking.countDocuments({ companyId }),
    t.models.Invoice.countDocuments({ companyId }),
    t.models.ImportRun.countDocuments({ companyId }),
  ]);
  return { clients, treatments, bookings, invoices, runs };
}

async function blobFiles(companyId: string): Promise<string[]> {
  return readdir(path.join(t.config.blobDir, companyId)).catch(() => []);
}

describe('who may import', () => {
  it('needs the importdata add-on and the owner, and says which is missing', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    const files = csvFiles(sample());
    expect((await t.call('getImportAccess', {}, owner.token)).body.data).toEqual({ allowed: false, reason: 'addOn' });
    const refused = await send(owner.token, files);
    expect([refused.status, refused.body.message]).toEqual([403, M.addOnNeeded]);
    await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { importDataActive: true } });
    expect((await t.call('getImportAccess', {}, owner.token)).body.data).toEqual({ allowed: true, reason: 'ok' });
    expect((await t.call('getImportAccess', {}, colleague.token)).body.data).toEqual({ allowed: false, reason: 'notOwner' });
    expect((await send(colleague.token, files)).status).toBe(403);
    expect(await holdings(owner.companyId)).toEqual({ clients: 0, treatments: 0, bookings: 0, invoices: 0, runs: 0 });
  });
});

describe('the form', () => {
  it("answers the spec's messages for missing files, a missing source and a missing e-mail", async () => {
    const owner = await ownerWithAddOn();
    const files = csvFiles(sample());
    const missing = await send(owner.token, files.slice(0, 2));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ booking: M.fileRequired, invoiceLine: M.fileRequired, invoice: M.fileRequired });
    expect((await send(owner.token, files, { domain: '', email: 'a@b.dk' })).body.errors?.domain).toBe(M.sourceRequired);
    expect((await send(owner.token, files, { domain: 'planway', email: '' })).body.errors?.email).toBe(M.emailRequired);
    const text = await send(owner.token, [...files.slice(1), { field: 'client', name: 'klienter.txt', data: files[0]!.data }]);
    expect(text.body.errors?.client).toBe(M.fileType);
    expect(await holdings(owner.companyId)).toMatchObject({ clients: 0, runs: 0 });
  });

  it('refuses wrong columns, binary junk, a zip bomb and a 50 MB file with their reason, and keeps nothing', async () => {
    const owner = await ownerWithAddOn();
    const files = csvFiles(sample());
    const replace = (field: string, name: string, data: Buffer) => files.map((file) => (file.field === field ? { field, name, data } : file));

    const wrongColumns = await send(owner.token, replace('client', 'klienter.csv', Buffer.from('ID;Rabat;Fakturanummer;Pris;Moms;Tekst\n1;0;2;3;4;x\n')));
    expect([wrongColumns.status, wrongColumns.body.message]).toEqual([400, 'klienter.csv mangler kolonnerne: Adresse, CPR, E-mail, Navn, Telefonnummer']);

    const junk = Buffer.alloc(64 * 1024);
    for (let index = 0; index < junk.length; index += 1) junk[index] = (index * 7919) % 256;
    const binary = await send(owner.token, replace('booking', 'bookinger.csv', junk));
    expect([binary.status, binary.body.message]).toEqual([400, 'bookinger.csv er ikke en CSV-fil: den indeholder binære data']);

    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, data) => {
      if (error) throw error;
      chunks.push(data);
    });
    const entry = new ZipDeflate('klienter.csv', { level: 9 });
    zip.add(entry);
    const block = new Uint8Array(1024 * 1024).fill(0x3b);
    for (let index = 0; index < 100; index += 1) entry.push(block, index === 99);
    zip.end();
    const bomb = await send(owner.token, [{ field: 'zip', name: 'eksport.zip', data: Buffer.concat(chunks) }]);
    expect([bomb.status, bomb.body.message]).toEqual([400, 'klienter.csv i eksport.zip er for stor udpakket: højst 50 MB']);

    const huge = await send(owner.token, replace('booking', 'bookinger.csv', Buffer.alloc(50 * 1024 * 1024, 0x41)));
    expect([huge.status, huge.body.message]).toEqual([400, supportMessages.fileTooLarge('25 MB')]);

    expect(await holdings(owner.companyId)).toEqual({ clients: 0, treatments: 0, bookings: 0, invoices: 0, runs: 0 });
    expect(await blobFiles(owner.companyId)).toEqual([]);
  });
});

describe('an import', () => {
  it('imports the files in the background, mails the report, deletes its files, and adds nothing the second time', async () => {
    const owner = await ownerWithAddOn();
    const records = sample();
    const started = await send(owner.token, csvFiles(records));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, message: M.started, data: { status: 'queued', source: 'form', domain: 'easypractice' } });
    // Encrypted in the blob store while it waits: no CPR number readable there.
    const stored = await blobFiles(owner.companyId);
    expect(stored).toHaveLength(5);
    const clientBlob = await readFile(path.join(t.config.blobDir, owner.companyId, stored.find((name) => name.endsWith('-0.enc'))!));
    expect(clientBlob.includes(Buffer.from(records.client[0]!.cpr, 'latin1'))).toBe(false);
    expect(clientBlob.includes(Buffer.from('Telefonnummer'))).toBe(false);

    const run = await finished(owner, started.body.data.id);
    expect(run.status).toBe('done');
    expect(run.counts!.clients.added).toBeGreaterThan(15);
    expect(run.counts!.treatments).toEqual({ added: 4, existing: 0 });
    expect(run.counts!.bookings.added + run.errorCount).toBeGreaterThan(50);
    expect(run.done).toBe(run.total);
    const held = await holdings(owner.companyId);
    expect(held).toMatchObject({ clients: run.counts!.clients.added, treatments: 4, bookings: run.counts!.bookings.added, invoices: run.counts!.invoices.added });
    expect(await blobFiles(owner.companyId)).toEqual([]);

    // The report goes to the clinic's own people only: an address typed that is none of theirs gets the owner.
    const mail = await smtp.waitForMail(owner.email, 5_000, `${M.success} Rapport over din dataimport`);
    expect(smtp.mails.some((item) => item.to.includes('rapport@klinik.test'))).toBe(false);
    expect(mail.text).toContain(`Klienter: ${run.counts!.clients.added} nye`);
    expect(mail.text).not.toMatch(/\d{6}-\d{4}/);

    const again = await send(owner.token, csvFiles(records));
    const second = await finished(owner, again.body.data.id);
    expect(second.counts).toEqual({
      clients: { added: 0, existing: run.counts!.clients.added },
      treatments: { added: 0, existing: 4 },
      bookings: { added: 0, existing: run.counts!.bookings.added },
      invoices: { added: 0, existing: run.counts!.invoices.added },
    });
    expect(await holdings(owner.companyId)).toEqual({ ...held, runs: 2 });
  });

  it('reads Excel files and a zip the same way', async () => {
    const owner = await ownerWithAddOn();
    const records = sample(11);
    const xlsx = KINDS.map((kind) => ({ field: kind, name: `${SAMPLE_FILE_NAMES[kind]}.xlsx`, data: toXlsx(kind, records[kind] as never) }));
    const fromExcel = await finished(owner, (await send(owner.token, xlsx)).body.data.id);
    expect(fromExcel.status).toBe('done');
    const other = await ownerWithAddOn();
    const zipped = zipSync(Object.fromEntries(csvFiles(records).map((file) => [file.name, new Uint8Array(file.data)])));
    const fromZip = await finished(other, (await send(other.token, [{ field: 'zip', name: 'eksport.zip', data: Buffer.from(zipped) }])).body.data.id);
    expect(fromZip.counts).toEqual(fromExcel.counts);
  });

  it('imports the good rows and reports three bad ones with their row numbers; formula cells are not imported', async () => {
    const owner = await ownerWithAddOn();
    const records = sample(3);
    const files = csvFiles(records);
    // Row 3: no CPR; row 5: a CPR without a real birth date; row 7: a formula in the name.
    files[0] = editCsv(files[0]!, [
      [3, 'CPR', ''],
      [5, 'CPR', '310299-1234'],
      [7, 'Navn', '=HYPERLINK("http://evil.test";"Klik")'],
    ]);
    const run = await finished(owner, (await send(owner.token, files)).body.data.id);
    expect(run.status).toBe('done');
    const clientRows = run.errors.filter((error) => error.fileName === files[0]!.name);
    expect(clientRows.map((error) => error.row)).toEqual([3, 5, 7]);
    expect(clientRows[2]!.message).toBe('Navn indeholder en regnearksformel; den importeres ikke');
    expect(run.counts!.clients.added).toBe(records.client.length - 3);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId, nameFirst: /HYPERLINK|^=/ })).toBe(0);
  });

  it("cannot touch another clinic: the same old ids, and the other clinic's own record ids, make the importer's own records", async () => {
    const a = await ownerWithAddOn();
    const b = await ownerWithAddOn();
    const records = sample(5);
    await finished(a, (await send(a.token, csvFiles(records))).body.data.id);
    const aBefore = await holdings(a.companyId);
    const aClient = await t.models.Client.findOne({ companyId: a.companyId }).lean();
    // B's file names A's real client id as an old system's ID.
    const forged = csvFiles(records);
    forged[0] = editCsv(forged[0]!, [[2, 'ID', aClient!._id.toString()]]);
    const run = await finished(b, (await send(b.token, forged)).body.data.id);
    expect(run.status).toBe('done');
    expect(await holdings(a.companyId)).toEqual(aBefore);
    expect(await t.models.Client.findById(aClient!._id).lean()).toEqual(aClient);
    expect((await holdings(b.companyId)).clients).toBe(run.counts!.clients.added);
  });
});

describe('invoice numbers across systems', () => {
  it("imports invoices numbered 1..40 of this year, says the next number in the report and its mail, and issues 0041", async () => {
    const owner = await ownerWithAddOn();
    const records = generateSampleExport({ seed: 13, clients: 25, treatments: 4, bookings: 80, invoices: 40, now: t.clock.now() });
    expect(records.invoice).toHaveLength(40);
    // The old system's invoices of this year, numbered 1..40 as a clinic that moves over mid-year has them.
    const numberOf = new Map(records.invoice.map((invoice, index) => [invoice.id, index + 1]));
    const today = startOfCopenhagenDay(t.clock.now());
    records.invoice = records.invoice.map((invoice) => ({ ...invoice, number: numberOf.get(invoice.id)!, date: today }));
    records.invoiceLine = records.invoiceLine.map((line) => ({ ...line, invoiceNumber: numberOf.get(line.invoiceId)! }));
    const year = copenhagenYear(t.clock.now());
    const next = formatInvoiceNumber(41, year);

    const run = await finished(owner, (await send(owner.token, csvFiles(records))).body.data.id);
    expect(run).toMatchObject({ status: 'done', counts: { invoices: { added: 40, existing: 0 } }, nextInvoiceNumber: next });
    const mail = await smtp.waitForMail(owner.email, 5_000, `${M.success} Rapport over din dataimport`);
    expect(mail.text).toContain(M.nextInvoiceNumber(next));

    // The clinic's first own invoice continues after the old system's: 0001 is not issued again.
    expect((await t.call('setCompany', { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678' }, owner.token)).status).toBe(200);
    const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
    const from = startOfCopenhagenDay(t.clock.now() + 60 * DAY_MS) + 6 * 3_600_000;
    const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient('4321') }, owner.token);
    expect(booked.status).toBe(200);
    await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
    const issued = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: { type: true, discount: 0, moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false } }, owner.token);
    expect([issued.status, issued.body.data.number]).toEqual([200, next]);
  });
});

describe('the import job', () => {
  it('takes over a run whose process died, and gives one up after its last attempt', async () => {
    const owner = await ownerWithAddOn();
    const started = await send(owner.token, csvFiles(sample(9)));
    // A process claimed it and died: lease 1 taken, heartbeat old.
    await t.models.MessageLease.create({ _id: `import:${started.body.data.id}#1`, holder: 'dead', until: t.clock.now() });
    await t.models.ImportRun.updateOne({ _id: started.body.data.id }, { $set: { status: 'running', leaseSeq: 1, attempts: 1, heartbeatAt: t.clock.now() } });
    expect(await runJob()).toBe(0);
    t.clock.advance(STALE_MS + 1_000);
    const run = await finished(owner, started.body.data.id);
    expect(run.status).toBe('done');

    const doomed = await send(owner.token, csvFiles(sample(10)));
    await t.models.ImportRun.updateOne({ _id: doomed.body.data.id }, { $set: { status: 'running', leaseSeq: 4, attempts: MAX_ATTEMPTS, heartbeatAt: 0 } });
    const given = await finished(owner, doomed.body.data.id);
    expect([given.status, given.message]).toEqual(['failed', M.failed]);
    expect(await blobFiles(owner.companyId)).toEqual([]);
  });

  it('refuses a second import while one is under way', async () => {
    const owner = await ownerWithAddOn();
    expect((await send(owner.token, csvFiles(sample(12)))).status).toBe(200);
    const second = await send(owner.token, csvFiles(sample(12)));
    expect([second.status, second.body.message]).toEqual([409, M.running]);
    // Out of the way of the next test's job runs.
    await t.models.ImportRun.updateMany({ companyId: owner.companyId }, { $set: { status: 'failed', reportSentAt: 1 } });
  });
});

describe("the support team's upload", () => {
  it('is imported by the owner through the same import, and marked imported', async () => {
    const owner = await ownerWithAddOn();
    const records = sample(13);
    const upload = await t.models.SupportUpload.create({ companyId: owner.companyId, therapistId: owner.therapistId, teamUserId: owner.therapistId, files: [], status: 'storing' });
    const files = csvFiles(records).map((file, index) => ({ name: file.name, size: file.data.length, blobKey: supportFileKey(owner.companyId, upload._id.toString(), index), data: file.data }));
    for (const file of files) await t.api.services.blobs.put(file.blobKey, encryptBytes(file.data));
    await t.models.SupportUpload.updateOne({ _id: upload._id }, { $set: { status: 'received', files: files.map(({ name, size, blobKey }) => ({ name, size, blobKey })) } });

    const started = await t.call('importSupportUpload', { uploadId: upload._id.toString() }, owner.token);
    expect(started.status).toBe(200);
    const run = await finished(owner, started.body.data.id);
    expect(run).toMatchObject({ status: 'done', source: 'support', supportUploadId: upload._id.toString() });
    expect((await t.models.SupportUpload.findById(upload._id).lean())!.status).toBe('imported');
    const mail = await smtp.waitForMail(owner.email, 5_000, M.completed);
    expect(mail.text).toContain('/Importerdata/fuldfoert?id=');
    // Imported once: it cannot be started again.
    const again = await t.call('importSupportUpload', { uploadId: upload._id.toString() }, owner.token);
    expect([again.status, again.body.message]).toEqual([404, M.supportUploadGone]);
  });
});
