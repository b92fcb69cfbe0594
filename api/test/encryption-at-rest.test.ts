/**
 * Health data at rest (docs/architecture.md, 'Health data at rest'): CPR numbers, journal texts, field values,
 * comments and history are ciphertext in the database, found and shown as before through the API; a new key
 * re-encrypts old data and keeps it readable; plain data of an older version is migrated at start; and the API
 * refuses to start without its keys in production or with data it cannot read.
 */
import { createLogger } from '../src/logger.js';
import { configFromEnv } from '../src/config.js';
import { runStartupMigrations } from '../src/migrations/index.js';
import { cprHash, newDataKeyEntry, parseDataKeyring, useDataKeyring } from '../src/security/encryption.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Whole stored values (quoted), so that a random id, timestamp or ciphertext cannot match by chance.
const CPR_TEXT = /"(010190|\d{4}|010190\d{4}|010190-\d{4})"|Smerter i lænden|Bedre bevægelighed|Fortrolig note|Diskusprolaps/;
const quiet = createLogger('silent');

/** Every stored document of the collections that hold health data, as the database has them (no model hooks). */
async function rawDump(): Promise<string> {
  const names = ['clients', 'journals', 'customfields', 'fieldcomments', 'revisions'];
  const db = t.api.services.models.Client.db;
  const all = await Promise.all(names.map((name) => db.collection(name).find({}).toArray()));
  return JSON.stringify(all);
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
});

describe('migration and key rotation', () => {
  it('encrypts plain data of an older version at start, idempotently, and keeps it findable', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId } = await clientWithJournal(owner, '2222');
    const db = t.api.services.models.Client.db;
    const { Types } = await import('mongoose');
    const id = new Types.ObjectId(clientId);
    // What an older version stored: the number in plain text and as its own look-up key.
    await db.collection('clients').updateOne({ _id: id }, { $set: { CPR6Digit: '010190', CPRLast4Digit: '2222', cprKey: '0101902222' }, $unset: { cpr6Key: '' } });
    await db.collection('journals').updateOne({ clientId: id }, { $set: { remark: 'Smerter i lænden' } });
    await db.collection('migrations').deleteMany({});

    expect(await runStartupMigrations(db, quiet)).toContain('encrypt-at-rest:test1');
    expect(await rawDump()).not.toMatch(CPR_TEXT);
    const stored = await db.collection('clients').findOne({ _id: id });
    expect(stored?.cprKey).toBe(cprHash('0101902222'));
    // Done once: the next start does not run it again; run anyway (a crashed claim), it changes nothing.
    expect(await runStartupMigrations(db, quiet)).toEqual([]);
    await db.collection('migrations').updateOne({ _id: 'encrypt-at-rest:test1' as never }, { $unset: { finishedAt: '' } });
    expect(await runStartupMigrations(db, quiet)).toEqual(['encrypt-at-rest:test1']);
    expect(await db.collection('clients').findOne({ _id: id })).toEqual(stored);

    expect((await t.call('getAllClient', { search: '0101902222' }, owner.token)).body.data.map((row) => row.id)).toEqual([clientId]);
    const journals = await t.call('getJournalsFromClient', { clientId }, owner.token);
    expect(JSON.stringify(journals.body)).toContain('Smerter i lænden');
  });

  it('re-encrypts with a new key at start; data of the old key stays readable meanwhile; a missing key stops the start', async () => {
    const owner = await clinicWithTrial(t);
    const { clientId } = await clientWithJournal(owner, '3333');
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
    expect(await runStartupMigrations(db, quiet)).toEqual(['encrypt-at-rest:test2']);
    const after = await rawDump();
    expect(after).not.toContain('enc1:test1:');
    expect(after).not.toMatch(CPR_TEXT);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data).toMatchObject({ CPR6Digit: '010190', CPRLast4Digit: '3334' });
    expect((await t.call('getAllClient', { search: '0101903334' }, owner.token)).body.data.map((row) => row.id)).toEqual([clientId]);
    const journals = await t.call('getJournalsFromClient', { clientId }, owner.token);
    expect(JSON.stringify(journals.body)).toContain('Bedre bevægelighed');

    // Only the old key again (the new one lost): data of test2 cannot be read, and the start says so clearly.
    useDataKeyring(parseDataKeyring(oldEntry, hashKey));
    await db.collection('migrations').deleteMany({});
    await expect(runStartupMigrations(db, quiet)).rejects.toThrow(/key "test2", which DATA_ENCRYPTION_KEYS does not hold/);
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
