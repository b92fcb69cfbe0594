/**
 * The embedded database reads by `_id` through an index (launcher.ts FERRETDB_PATCH): on a new database, after a
 * restart, and on a database made by an older version of the project (the fixture was written by the unpatched
 * FerretDB 1.24.2 the project ran before). `explain` shows SQLite's plan for the query FerretDB sends. So does the
 * client list's index, which the patch makes on the first list query (klinik_pushdown.go).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types, type Connection } from 'mongoose';
import { launchDatabase } from '@klinik/devkit/database';
import type { DatabaseHandle } from '../src/db/embedded.js';

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
  const [open, running] = [conn, database];
  conn = null;
  database = null;
  await open?.close();
  await running?.stop();
}

/** SQLite's plan for FerretDB's query of `find({_id})` on `collection`. */
async function planOfIdRead(db: Connection, collection: string, id: Types.ObjectId): Promise<string> {
  const answer = await db.db!.command({ explain: { find: collection, filter: { _id: id } } });
  return JSON.stringify(answer.queryPlanner);
}

/**
 * A clinic's client list (its first two by name) and SQLite's plan for it: the list index klinik_pushdown.go makes on
 * first use (and finds again after a restart), with SQLite doing the sort.
 */
async function clientList(db: Connection, companyId: Types.ObjectId): Promise<{ names: string[]; plan: string; sortPushdown: boolean }> {
  const sort = { nameFirst: 1, nameLast: 1, _id: 1 } as const;
  const names = (await db.collection('clients').find({ companyId }).sort(sort).limit(2).toArray()).map((client) => `${client.nameFirst as string} ${client.nameLast as string}`);
  const answer = await db.db!.command({ explain: { find: 'clients', filter: { companyId }, sort } });
  return { names, plan: JSON.stringify(answer.queryPlanner), sortPushdown: answer.sortPushdown === true };
}

async function expectListFromIndex(db: Connection, companyId: Types.ObjectId, names: string[]) {
  const list = await clientList(db, companyId);
  expect(list.names).toEqual(names);
  expect(list.plan).toMatch(/USING INDEX \S+_klinik_list/);
  expect(list.sortPushdown).toBe(true);
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

  // The client list's index, made on the first list query, serves it again after a restart.
  const companyId = new Types.ObjectId();
  await db.collection('clients').insertMany([{ companyId, nameFirst: 'Åse', nameLast: 'Holm' }, { companyId, nameFirst: 'Anne', nameLast: 'Berg' }, { companyId, nameFirst: 'Bo', nameLast: 'Dahl' }]);
  await expectListFromIndex(db, companyId, ['Anne Berg', 'Bo Dahl']);
  await close();
  db = await open();
  await expectListFromIndex(db, companyId, ['Anne Berg', 'Bo Dahl']);
});

it('uses the index on a database made by the unpatched FerretDB the project ran before', async () => {
  cpSync(FIXTURE, dataDir, { recursive: true });
  const db = await open();
  expect(await planOfIdRead(db, 'therapists', OLD_THERAPIST)).toMatch(/USING INDEX \S+__id_/);
  expect(await db.collection('therapists').findOne({ _id: OLD_THERAPIST })).toMatchObject({ username: 'behandler2@klinik.test' });
  expect(await db.collection('therapists').countDocuments({})).toBe(3);
  expect(await db.collection('bookings').countDocuments({})).toBe(2);
  // The client list's index is made on that database too, at its first list query.
  const companyId = new Types.ObjectId();
  await db.collection('clients').insertMany([{ companyId, nameFirst: 'Mette', nameLast: 'Ørsted' }, { companyId, nameFirst: 'Lars', nameLast: 'Kjær' }]);
  await expectListFromIndex(db, companyId, ['Lars Kjær', 'Mette Ørsted']);
});
