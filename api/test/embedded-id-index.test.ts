/**
 * The embedded database reads by `_id` through an index (issue 19; launcher.ts FERRETDB_PATCH): on a new database, after a
 * restart, and on a database made by an older version of the project (the fixture was written by the unpatched
 * FerretDB 1.24.2 the project ran before). `explain` shows SQLite's plan for the query FerretDB sends.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types, type Connection } from 'mongoose';
import { launchDatabase, type DatabaseHandle } from '../src/db/launcher.js';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'ferretdb-1.24.2-stock');
const OLD_THERAPIST = new Types.ObjectId('65a000000000000000000012');

let dataDir: string;
let database: DatabaseHandle | null = null;
let conn: Connection | null = null;

async function open(): Promise<Connection> {
  database = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
  expect(database.kind).toBe('ferretdb');
  conn = await mongoose.createConnection(database.uri, { dbName: 'klinik' }).asPromise();
  return conn;
}

async function close() {
  await conn?.close();
  await database?.stop();
  conn = null;
  database = null;
}

/** SQLite's plan for FerretDB's query of `find({_id})` on `collection`. */
async function planOfIdRead(db: Connection, collection: string, id: Types.ObjectId): Promise<string> {
  const answer = await db.db!.command({ explain: { find: collection, filter: { _id: id } } });
  return JSON.stringify(answer.queryPlanner);
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-id-index-'));
});
afterEach(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('reads, updates and deletes by _id through the _id index, on a new database and after a restart', async () => {
  let db = await open();
  const id = new Types.ObjectId();
  await db.collection('journals').insertMany([{ _id: id, text: 'Første konsultation' }, ...Array.from({ length: 50 }, (_, n) => ({ text: `Notat ${n}` }))]);
  expect(await planOfIdRead(db, 'journals', id)).toMatch(/SEARCH \S+ USING INDEX \S+__id_ \(<expr>=\?\)/);
  await close();

  db = await open();
  expect(await planOfIdRead(db, 'journals', id)).toMatch(/USING INDEX \S+__id_/);
  // What the plan promises, the answers keep: the read, the update and the delete by _id each hit the one document.
  expect(await db.collection('journals').findOne({ _id: id })).toMatchObject({ text: 'Første konsultation' });
  expect((await db.collection('journals').updateOne({ _id: id }, { $set: { text: 'Rettet' } })).modifiedCount).toBe(1);
  expect(await db.collection('journals').findOne({ _id: id })).toMatchObject({ text: 'Rettet' });
  expect((await db.collection('journals').deleteOne({ _id: id })).deletedCount).toBe(1);
  expect(await db.collection('journals').countDocuments({})).toBe(50);
});

it('uses the index on a database made by the unpatched FerretDB the project ran before', async () => {
  cpSync(FIXTURE, dataDir, { recursive: true });
  const db = await open();
  expect(await planOfIdRead(db, 'therapists', OLD_THERAPIST)).toMatch(/USING INDEX \S+__id_/);
  expect(await db.collection('therapists').findOne({ _id: OLD_THERAPIST })).toMatchObject({ username: 'behandler2@klinik.test' });
  expect(await db.collection('therapists').countDocuments({})).toBe(3);
  expect(await db.collection('bookings').countDocuments({})).toBe(2);
});
