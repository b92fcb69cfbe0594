/**
 * Health data at rest (docs/security.md, 'Health data at rest'): CPR numbers, journal texts, field values,
 * comments, history, intake answers, booking reasons, held public submissions and image files are ciphertext in the
 * database and the blob folder (every collection and every file, read raw), found and shown as before through the
 * API; a new key re-encrypts old data and files and keeps them readable; plain data of an older version is migrated
 * at start; and the API refuses to start without its keys in production or with data it cannot read.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { copenhagenWallTime } from '@klinik/core';
import { createLogger } from '../src/logger.js';
import { configFromEnv } from '../src/config.js';
import { reencryptFiles } from '../src/migrations/encrypt-at-rest.js';
import { runStartupMigrations } from '../src/migrations/index.js';
import { cprHash, keyIdOfBytes, newDataKeyEntry, parseDataKeyring, useDataKeyring } from '../src/security/encryption.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'klinik-blobs-'));
  t = await startTestApi({ blobDir, uploadFileLimitBytes: 10 * 1024 * 1024, uploadMaxFiles: 20 });
  // Tuesday 1 December 2026, 10:00 Copenhagen time: the public booking page offers tomorrow's opening hours.
  t.clock.set(copenhagenWallTime(2026, 12, 1, 10));
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Whole stored values (quoted), so that a random id, timestamp or ciphertext cannot match by chance; the last four
// digits are the ones this file gives its clients (a post code or a year elsewhere is four digits too).
const LAST4 = '1234|2222|3333|3334|4444|5555|6666';
const CPR_TEXT = new RegExp(`"(010190|${LAST4}|010190(${LAST4})|010190-(${LAST4}))"|Smerter i lænden|Bedre bevægelighed|Fortrolig note|Diskusprolaps`);
const quiet = createLogger('silent');
const at = (date: number, hour: number) => copenhagenWallTime(2026, 12, date, hour);

/** The names of every collection of the test's database, as the database lists them. */
async function collectionNames(): Promise<string[]> {
  const db = t.api.services.models.Client.db.db!;
  return (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name).sort();
}

/** Every stored document of every collection, as the database has them (no model hooks), then every blob file's bytes. */
async function rawDump(): Promise<string> {
  const db = t.api.services.models.Client.db;
  const all = await Promise.all((await collectionNames()).map(async (name) => [name, await db.collection(name).find({}).toArray()]));
  return JSON.stringify(all) + blobFiles().map((file) => readFileSync(file).toString('latin1')).join('\n');
}

/** Every file under the blob folder (images, support and import files). */
function blobFiles(): string[] {
  return readdirSync(blobDir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(blobDir, name))
    .filter((file) => statSync(file).isFile());
}

const svg = (text: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#8ab"/><text x="40" y="300" font-size="60">${text}</text></svg>`);

async function uploadImage(token: string, clientId: string, journalId: string, data: Buffer): Promise<{ id: string; imageUrl: string; previewUrl: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ action: 'uploadImages', token, clientId, kind: 'journal', journalId })) form.set(key, value);
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'knæ.png');
  const answer = await fetch(t.url, { method: 'POST', body: form });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { id: string; imageUrl: string; previewUrl: string }[] }).data[0]!;
}

const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

/**
 * What the public pages and the clinic write that is health data, beyond the Client's CPR and the journal: a new
 * person's booking reason, a held booking (a known CPR with another name), intake answers through the signed link
 * and without it (held), and a journal image. Every text is distinctive, so finding it raw cannot be chance.
 */
const PUBLIC_TEXTS = ['Ondt i skulderen efter et fald', 'Svimmel om morgenen', 'Penicillin giver udslæt', 'Angst om natten'];
const PUBLIC_CPRS = ['240587', '7391', '2405877391', '240587-7391', '8642', '2405878642', '240587-8642'];
const publicLeaks = (dump: string) => [...PUBLIC_TEXTS, ...PUBLIC_CPRS.map((digits) => `"${digits}"`)].filter((secret) => dump.includes(secret));

async function publicHealthData(owner: SignedInOwner) {
  const treatmentId = (await t.call('addTreatment', { name: 'Fysioterapi', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id;
  expect((await t.call('addOpeningHours', { from: at(2, 8), to: at(2, 12) }, owner.token)).status).toBe(200);
  const person = { nameFirst: 'Ida', nameLast: 'Holm', CPR6Digit: '240587', CPRLast4Digit: '7391', email: 'ida@example.dk', phonePrivate: '+45 21 22 23 24' };
  const booking = (from: number, client: typeof person, reason: string) => ({ therapistId: owner.therapistId, treatmentId, from, client, reason, consent: true as const });
  // A new person: a client and a booking with the reason typed.
  expect((await t.call('clientAddBooking', booking(at(2, 8), person, 'Ondt i skulderen efter et fald'))).status).toBe(200);
  // The same CPR number with another name: held for the therapist, with the full number and the reason.
  expect((await t.call('clientAddBooking', booking(at(2, 9), { ...person, nameFirst: 'Falsk', email: 'falsk@example.dk' }, 'Svimmel om morgenen'))).status).toBe(200);
  const question = (await t.call('addClientFormField', { fieldName: 'Allergier?', fieldType: 'text' }, owner.token)).body.data;
  // Intake answers through the clinic's signed link (onto the client) and without it (held).
  const email = `intake-${owner.companyId}@example.dk`;
  const added = await t.call('addClient', { client: { ...newClient('5555'), email, address: 'Vej 1', post: '4000', town: 'Roskilde' }, ids: [question.id] }, owner.token);
  const mail = await t.models.OutboxMail.findOne({ to: email }).lean();
  const ref = new URL(mail!.text.match(/http\S+\/ClientForm\?\S+/)![0]).searchParams.get('ref')!;
  expect((await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, ref, answers: [{ questionId: question.id, value: 'Penicillin giver udslæt' }] })).status).toBe(200);
  const stranger = { ...person, CPRLast4Digit: '8642', nameFirst: 'Ukendt', email: 'ukendt@example.dk', address: 'Vej 2', post: '5000', town: 'Odense' };
  expect((await t.call('clientSubmitClientForm', { therapistID: owner.therapistId, client: stranger, answers: [{ questionId: question.id, value: 'Angst om natten' }] })).status).toBe(200);
  const bookedClient = await t.call('getAllClient', { search: '2405877391' }, owner.token);
  return { intakeClientId: added.body.data.id, bookedClientId: bookedClient.body.data[0]!.id };
}

async function clientWithJournal(owner: SignedInOwner, last4 = '1234') {
  const treatment = await t.call('addTreatment', { name: 'Fys', price: 400, duration: 30 * 60, pause: 0 }, owner.token);
  const from = Math.ceil((t.clock.now() + DAY) / HOUR) * HOUR;
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient(last4) }, owner.token);
  expect(booked.status).toBe(200);
  const { clientId, id: bookingId } = booked.body.data;
  expect((await t.call('addJournal', { bookingId }, owner.token)).status).toBe(200);
  expect((await t.call('setJournal', { id: bookingId, version: 0, changes: { effect: 'Bedre bevægelighed', remark: 'Smerter i lænden' } }, owner.token)).status).toBe(200);
  expect((await t.call('saveFieldComment', { clientId, journalId: bookingId, customFieldName: 'effect', value: 'Fortrolig note' }, owner.token)).status).toBe(200);
  const fields = await t.call('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token);
  const field = fields.body.data[0]!;
  expect((await t.call('setCustomField', { id: field.id, version: field.version ?? 0, value: 'Diskusprolaps' }, owner.token)).status).toBe(200);
  return { clientId, bookingId };
}

describe('stored encrypted, served decrypted', () => {
  it('keeps CPR numbers and journal texts out of the raw collections, and search by CPR still finds the client', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, bookingId } = await clientWithJournal(owner);

    const raw = await rawDump();
    expect(raw).not.toMatch(CPR_TEXT);
    expect(raw).toContain('enc1:test1:');

    // The clinic's own users see everything as typed.
    const client = await t.call('getClient', { id: clientId }, owner.token);
    expect(client.body.data).toMatchObject({ CPR6Digit: '010190', CPRLast4Digit: '1234' });
    const journals = await t.call('getJournalsFromClient', { clientId }, owner.token);
    expect(JSON.stringify(journals.body)).toContain('Smerter i lænden');
    const history = await t.call('getClientHistory', { clientId }, owner.token);
    expect(JSON.stringify(history.body)).toContain('Bedre bevægelighed');

    for (const search of ['0101901234', '010190-1234', '010190', '0101']) {
      const found = await t.call('getClientsFromTherapistCompany', { search }, owner.token);
      expect([search, found.body.data.map((row) => row.id)]).toEqual([search, [clientId]]);
      const listed = await t.call('getAllClient', { search }, owner.token);
      expect([search, listed.body.data.map((row) => row.id)]).toEqual([search, [clientId]]);
    }
    expect((await t.call('getClientsFromTherapistCompany', { search: '0101909999' }, owner.token)).body.data).toEqual([]);

    // The duplicate check of the therapist's booking: 'Denne klient eksisterer allerede i din klinik'.
    const treatment = await t.call('addTreatment', { name: 'Fys 2', price: 400, duration: 30 * 60, pause: 0 }, owner.token);
    const again = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: Math.ceil((t.clock.now() + 2 * DAY) / HOUR) * HOUR, client: newClient('1234') }, owner.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/eksisterer allerede/);
    // A changed CPR number is hashed again: the old number no longer finds the client, the new one does.
    expect((await t.call('setClient', { id: clientId, changes: { CPRLast4Digit: '4321' } }, owner.token)).status).toBe(200);
    expect((await t.call('getAllClient', { search: '0101904321' }, owner.token)).body.data.map((row) => row.id)).toEqual([clientId]);
    expect((await t.call('getAllClient', { search: '0101901234' }, owner.token)).body.data).toEqual([]);
    expect(await rawDump()).not.toMatch(/"4321"|"0101904321"/);
    expect(bookingId).toBeTruthy();
  });

  it('keeps intake answers, booking reasons, held submissions and images out of every collection and the blob folder, and serves them as typed', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, bookingId } = await clientWithJournal(owner, '4444');
    const { intakeClientId, bookedClientId } = await publicHealthData(owner);
    const image = await uploadImage(owner.token, clientId, bookingId, await sharp(svg('Knæ, højre side')).png().toBuffer());

    // Every collection, not a list of the known ones: a new one that stores health data shows up here.
    expect(await collectionNames()).toEqual(expect.arrayContaining(['bookings', 'clients', 'images', 'journals', 'publicsubmissions']));
    const raw = await rawDump();
    expect(publicLeaks(raw)).toEqual([]);
    expect(raw).not.toMatch(CPR_TEXT);
    // The image's two files: ciphertext of the current key, no image a reader of the folder could open.
    const original = await served(image.imageUrl);
    const preview = await served(image.previewUrl);
    expect((await sharp(original).metadata()).width).toBe(900);
    expect((await sharp(preview).metadata()).width).toBe(800);
    const files = blobFiles().filter((file) => file.includes(owner.companyId));
    expect(files).toHaveLength(2);
    for (const file of files) {
      const stored = readFileSync(file);
      expect(keyIdOfBytes(stored)).toBe('test1');
      expect(stored.includes(original.subarray(0, 32)) || stored.includes(preview.subarray(0, 32))).toBe(false);
      await expect(sharp(stored).metadata()).rejects.toThrow();
    }

    // The clinic sees everything as typed; a held submission is matched to the client by the CPR hash stored with it.
    const held = (await t.call('getPublicSubmissions', {}, owner.token)).body.data;
    expect(held.find((row) => row.kind === 'booking')).toMatchObject({ reason: 'Svimmel om morgenen', person: { nameFirst: 'Falsk', CPR6Digit: '240587', CPRLast4Digit: '7391' }, matchingClientId: bookedClientId });
    const heldIntake = held.find((row) => row.kind === 'intake')!;
    expect(heldIntake).toMatchObject({ person: { CPR6Digit: '240587', CPRLast4Digit: '8642' }, matchingClientId: null, answers: [{ fieldName: 'Allergier?', value: 'Angst om natten' }] });
    const stored = await t.api.services.models.Client.db.collection('publicsubmissions').find({ companyId: new (await import('mongoose')).Types.ObjectId(owner.companyId) }).toArray();
    expect(stored.map((row) => String(row.cprKey)).sort()).toEqual([cprHash('2405877391'), cprHash('2405878642')].sort());
    expect((await t.call('getClient', { id: intakeClientId }, owner.token)).body.data.intakeAnswers.map((answer) => answer.value)).toEqual(['Penicillin giver udslæt']);
    const calendar = await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, owner.token);
    expect(calendar.body.data.map((row) => row.reason)).toContain('Ondt i skulderen efter et fald');

    // Accepted, the held intake's answers go onto a new client: still encrypted there.
    const accepted = await t.call('acceptPublicSubmission', { id: heldIntake.id }, owner.token);
    expect(accepted.status).toBe(200);
    expect((await t.call('getClient', { id: accepted.body.data.clientId }, owner.token)).body.data).toMatchObject({ CPRLast4Digit: '8642', intakeAnswers: [{ value: 'Angst om natten' }] });
    expect(publicLeaks(await rawDump())).toEqual([]);
  });
});

describe('migration and key rotation', () => {
  it('encrypts plain data of an older version at start, idempotently, and keeps it findable', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, bookingId } = await clientWithJournal(owner, '2222');
    const { intakeClientId } = await publicHealthData(owner);
    const picture = await sharp(svg('Før')).png().toBuffer();
    const image = await uploadImage(owner.token, clientId, bookingId, picture);
    const [original, preview] = [await served(image.imageUrl), await served(image.previewUrl)];
    const db = t.api.services.models.Client.db;
    const { Types } = await import('mongoose');
    const id = new Types.ObjectId(clientId);
    const companyId = new Types.ObjectId(owner.companyId);
    // What an older version stored: the number in plain text and as its own look-up key.
    await db.collection('clients').updateOne({ _id: id }, { $set: { CPR6Digit: '010190', CPRLast4Digit: '2222', cprKey: '0101902222' }, $unset: { cpr6Key: '' } });
    await db.collection('journals').updateOne({ clientId: id }, { $set: { remark: 'Smerter i lænden' } });
    // … the intake answers, booking reasons and held submissions as typed, the submissions without their CPR hash …
    const intake = (await db.collection('clients').findOne({ _id: new Types.ObjectId(intakeClientId) }))!;
    await db.collection('clients').updateOne({ _id: intake._id }, { $set: { intakeAnswers: (intake.intakeAnswers as object[]).map((answer) => ({ ...answer, value: 'Penicillin giver udslæt' })) } });
    await db.collection('bookings').updateMany({ companyId }, { $set: { reason: 'Ondt i skulderen efter et fald' } });
    for (const submission of await db.collection('publicsubmissions').find({ companyId }).toArray()) {
      const answers = (submission.answers as object[]).map((answer) => ({ ...answer, value: 'Angst om natten' }));
      await db.collection('publicsubmissions').updateOne(
        { _id: submission._id },
        { $set: { 'person.CPR6Digit': '240587', 'person.CPRLast4Digit': '7391', reason: 'Svimmel om morgenen', answers }, $unset: { cprKey: '' } },
      );
    }
    // … and the image files as they were uploaded.
    const imageFiles = blobFiles().filter((file) => file.includes(owner.companyId)).sort();
    writeFileSync(imageFiles.find((file) => file.includes('_800'))!, preview);
    writeFileSync(imageFiles.find((file) => !file.includes('_800'))!, original);
    expect(publicLeaks(await rawDump()).sort()).toEqual(['"240587"', '"7391"', ...PUBLIC_TEXTS].sort());
    await db.collection('migrations').deleteMany({});

    expect(await runStartupMigrations(db, quiet, t.api.services.blobs)).toContain('encrypt-at-rest:v2:test1');
    expect(await rawDump()).not.toMatch(CPR_TEXT);
    expect(publicLeaks(await rawDump())).toEqual([]);
    const stored = await db.collection('clients').findOne({ _id: id });
    expect(stored?.cprKey).toBe(cprHash('0101902222'));
    expect((await db.collection('publicsubmissions').find({ companyId }).toArray()).map((row) => String(row.cprKey))).toEqual([cprHash('2405877391'), cprHash('2405877391')]);
    expect(imageFiles.map((file) => keyIdOfBytes(readFileSync(file)))).toEqual(['test1', 'test1']);
    const filesAfter = imageFiles.map((file) => readFileSync(file));
    // Done once: the next start does not run it again; run anyway (a crashed claim), it changes nothing.
    expect(await runStartupMigrations(db, quiet, t.api.services.blobs)).toEqual([]);
    await db.collection('migrations').updateOne({ _id: 'encrypt-at-rest:v2:test1' as never }, { $unset: { finishedAt: '' } });
    expect(await runStartupMigrations(db, quiet, t.api.services.blobs)).toEqual(['encrypt-at-rest:v2:test1']);
    expect(await db.collection('clients').findOne({ _id: id })).toEqual(stored);
    expect(imageFiles.map((file) => readFileSync(file))).toEqual(filesAfter);
    // Served as uploaded; the clinic reads the migrated texts as typed.
    expect((await served(image.imageUrl)).equals(original)).toBe(true);
    expect((await served(image.previewUrl)).equals(preview)).toBe(true);
    expect((await t.call('getClient', { id: intakeClientId }, owner.token)).body.data.intakeAnswers.map((answer) => answer.value)).toEqual(['Penicillin giver udslæt']);
    const held = (await t.call('getPublicSubmissions', {}, owner.token)).body.data;
    expect(held.map((row) => [row.person.CPRLast4Digit, row.reason, row.matchingClientId !== null])).toEqual([
      ['7391', 'Svimmel om morgenen', true],
      ['7391', 'Svimmel om morgenen', true],
    ]);

    expect((await t.call('getAllClient', { search: '0101902222' }, owner.token)).body.data.map((row) => row.id)).toEqual([clientId]);
    const journals = await t.call('getJournalsFromClient', { clientId }, owner.token);
    expect(JSON.stringify(journals.body)).toContain('Smerter i lænden');
  });

  it('leaves no file behind when an image is removed while the pass writes its file back', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, bookingId } = await clientWithJournal(owner, '6666');
    const db = t.api.services.models.Client.db;
    const { blobs } = t.api.services;
    const mine = () => blobFiles().filter((file) => file.includes(owner.companyId));

    // The pass reads a plain file, the image is removed (files and record), then the pass writes the file back.
    const gone = await uploadImage(owner.token, clientId, bookingId, await sharp(svg('Væk')).png().toBuffer());
    const plain = await served(gone.imageUrl);
    const goneKeys = mine().map((file) => path.relative(blobDir, file));
    for (const file of mine()) writeFileSync(file, plain);
    const read = blobs.get.bind(blobs);
    let removedMeanwhile = false;
    blobs.get = async (key) => {
      const data = await read(key);
      if (goneKeys.includes(key) && !removedMeanwhile) {
        removedMeanwhile = true;
        expect((await t.call('deleteImage', { id: gone.id }, owner.token)).status).toBe(200);
        expect(mine()).toEqual([]);
      }
      return data;
    };
    try {
      expect((await reencryptFiles(db, blobs))['Image files']).toBe(1);
    } finally {
      blobs.get = read;
    }
    expect(removedMeanwhile).toBe(true);
    expect(mine()).toEqual([]);

    // The pass writes a file back right after the removal's first delete of it: the removal deletes it again.
    const removed = await uploadImage(owner.token, clientId, bookingId, await sharp(svg('Slettet')).png().toBuffer());
    const [blobKey, otherKey] = mine().map((file) => path.relative(blobDir, file));
    const stored = await blobs.get(blobKey!);
    const remove = blobs.delete.bind(blobs);
    let writtenBack = false;
    blobs.delete = async (key) => {
      await remove(key);
      if (key === blobKey && !writtenBack) {
        writtenBack = true;
        await blobs.put(key, stored!);
      }
    };
    try {
      expect((await t.call('deleteImage', { id: removed.id }, owner.token)).status).toBe(200);
    } finally {
      blobs.delete = remove;
    }
    expect(writtenBack).toBe(true);
    expect(otherKey).toBeTruthy();
    expect(mine()).toEqual([]);
  });

  it('re-encrypts with a new key at start; data of the old key stays readable meanwhile; a missing key stops the start', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId, bookingId } = await clientWithJournal(owner, '3333');
    const image = await uploadImage(owner.token, clientId, bookingId, await sharp(svg('Efter')).png().toBuffer());
    const picture = await served(image.imageUrl);
    const db = t.api.services.models.Client.db;
    const oldKeys = t.config.dataKeyring;
    const hashKey = oldKeys.cprHashKey.toString('base64');
    const oldEntry = `test1:${oldKeys.keys[0]!.key.toString('base64')}`;
    const rotated = parseDataKeyring(`${oldEntry},${newDataKeyEntry('test2')}`, hashKey);

    // The operator adds a key: new writes use it at once, old data is read with the old key.
    useDataKeyring(rotated);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data).toMatchObject({ CPRLast4Digit: '3333' });
    expect((await t.call('setClient', { id: clientId, changes: { town: 'Roskilde', CPRLast4Digit: '3334' } }, owner.token)).status).toBe(200);
    const mixed = await rawDump();
    expect(mixed).toContain('enc1:test1:');
    expect(mixed).toContain('enc1:test2:');

    // The start-up pass of the new key moves everything to it.
    expect(await runStartupMigrations(db, quiet, t.api.services.blobs)).toEqual(['encrypt-at-rest:v2:test2']);
    const after = await rawDump();
    expect(after).not.toContain('enc1:test1:');
    expect(after).not.toMatch(CPR_TEXT);
    // Every file too (this clinic's image, and the other tests' images and files).
    expect(new Set(blobFiles().map((file) => keyIdOfBytes(readFileSync(file))))).toEqual(new Set(['test2']));
    expect((await served(image.imageUrl)).equals(picture)).toBe(true);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data).toMatchObject({ CPR6Digit: '010190', CPRLast4Digit: '3334' });
    expect((await t.call('getAllClient', { search: '0101903334' }, owner.token)).body.data.map((row) => row.id)).toEqual([clientId]);
    const journals = await t.call('getJournalsFromClient', { clientId }, owner.token);
    expect(JSON.stringify(journals.body)).toContain('Bedre bevægelighed');

    // Only the old key again (the new one lost): data of test2 cannot be read, and the start says so clearly.
    useDataKeyring(parseDataKeyring(oldEntry, hashKey));
    await db.collection('migrations').deleteMany({});
    await expect(runStartupMigrations(db, quiet, t.api.services.blobs)).rejects.toThrow(/key "test2", which DATA_ENCRYPTION_KEYS does not hold/);
    useDataKeyring(rotated);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'y'.repeat(16), CORS_ORIGINS: 'https://klinik.dk' };

  it('requires the keys in production and refuses malformed ones with a message that says what to fix', () => {
    expect(() => configFromEnv(base, '/nonexistent')).toThrow(/DATA_ENCRYPTION_KEYS and CPR_HASH_KEY must be set in production/);
    const hash = Buffer.alloc(32, 7).toString('base64');
    expect(() => configFromEnv({ ...base, DATA_ENCRYPTION_KEYS: 'k1:c2hvcnQ=', CPR_HASH_KEY: hash }, '/nonexistent')).toThrow(/key "k1" must be 32 bytes/);
    expect(() => configFromEnv({ ...base, DATA_ENCRYPTION_KEYS: 'no-id-here', CPR_HASH_KEY: hash }, '/nonexistent')).toThrow(/<id>:<base64 key>/);
    expect(() => configFromEnv({ ...base, DATA_ENCRYPTION_KEYS: newDataKeyEntry('k1'), CPR_HASH_KEY: 'c2hvcnQ=' }, '/nonexistent')).toThrow(/CPR_HASH_KEY must be at least 32 bytes/);
    const config = configFromEnv({ ...base, DATA_ENCRYPTION_KEYS: `${newDataKeyEntry('2025')},${newDataKeyEntry('2026')}`, CPR_HASH_KEY: hash }, '/nonexistent');
    expect(config.dataKeyring.keys.map((key) => key.id)).toEqual(['2025', '2026']);
  });
});
