/**
 * The embedded database hands exact matches to SQLite (launcher.ts FERRETDB_PATCH, the patch's
 * api/tools/ferretdb-patch/klinik_pushdown.go and api/src/db/pushdown-fields.ts). What makes that safe is proved here:
 * no model can keep an array (or anything but a string or an ObjectId) under a field that is pushed down, and the
 * answers stay MongoDB's for the values that are not pushed down. What makes it fast is shown by `explain`: SQLite
 * searches the index FerretDB made for the model, instead of scanning the collection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { Types, type Connection } from 'mongoose';
import { launchDatabase } from '@klinik/devkit/database';
import type { DatabaseHandle } from '../src/db/embedded.js';
import { EMBEDDED_PUSHDOWN_FIELDS, EMBEDDED_TEXT_SEARCH_FIELDS } from '../src/db/pushdown-fields.js';
import { nameWordsFilter } from '../src/domain/search.js';
import { createModels, type Models } from '../src/models/index.js';

it('pushes down only fields that no model keeps as an array or as anything but a string or an ObjectId', () => {
  const models = createModels(mongoose.createConnection());
  const found: string[] = [];
  for (const [name, model] of Object.entries(models)) {
    for (const field of EMBEDDED_PUSHDOWN_FIELDS) {
      const type = model.schema.path(field);
      if (type === undefined) continue;
      found.push(`${name}.${field}`);
      expect(`${name}.${field}: ${type.instance}`).toMatch(/: (String|ObjectId)$/);
    }
    // A schema that takes any field (strict: false) could store an array under one of them.
    expect(`${name}: strict ${String(model.schema.get('strict'))}`).not.toBe(`${name}: strict false`);
  }
  // The list names fields the models really have (a typo would push down nothing).
  for (const field of EMBEDDED_PUSHDOWN_FIELDS) expect(found.some((entry) => entry.endsWith(`.${field}`))).toBe(true);
});

it('searches and sorts by name only fields that every model keeps as a string', () => {
  const models = createModels(mongoose.createConnection());
  let found = 0;
  for (const [name, model] of Object.entries(models)) {
    for (const field of EMBEDDED_TEXT_SEARCH_FIELDS) {
      const type = model.schema.path(field);
      if (type === undefined) continue;
      found += 1;
      expect(`${name}.${field}: ${type.instance}`).toMatch(/: String$/);
    }
  }
  expect(found).toBeGreaterThanOrEqual(EMBEDDED_TEXT_SEARCH_FIELDS.length);
});

describe('on the embedded database', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let conn: Connection;
  let models: Models;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-pushdown-'));
    database = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
    expect(database.kind).toBe('ferretdb');
    conn = await mongoose.createConnection(database.uri, { dbName: 'klinik' }).asPromise();
    models = createModels(conn);
    await Promise.all(Object.values(models).map((model) => model.init()));
  });
  afterAll(async () => {
    await conn?.close();
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** SQLite's plan for FerretDB's query of `filter` on `collection`, and whether FerretDB says it pushed it down. */
  async function plan(collection: string, filter: Record<string, unknown>): Promise<{ sqlite: string; filterPushdown: boolean }> {
    const answer = await conn.db!.command({ explain: { find: collection, filter } });
    return { sqlite: JSON.stringify(answer.queryPlanner), filterPushdown: answer.filterPushdown === true };
  }

  it("searches the model's index for exact matches of the listed fields, with or without _id and other conditions", async () => {
    const companyId = new Types.ObjectId();
    const therapistId = new Types.ObjectId();
    const clientId = new Types.ObjectId();
    const bookings = conn.db!.collection('bookings');
    await bookings.insertMany(Array.from({ length: 40 }, (_, n) => ({ companyId, therapistId: n % 2 ? therapistId : new Types.ObjectId(), clientId, from: n * 3_600_000, to: n * 3_600_000 + 1_800_000 })));

    const week = await plan('bookings', { companyId, therapistId, from: { $gte: 0, $lt: 10 * 3_600_000 } });
    expect(week.filterPushdown).toBe(true);
    expect(week.sqlite).toMatch(/SEARCH \S+ USING INDEX \S+ \(<expr>=\? AND <expr>=\?\)/);
    // The range is not pushed down (SQLite's `->` compares JSON text); the handler applies it.
    expect(await bookings.countDocuments({ companyId, therapistId, from: { $gte: 0, $lt: 10 * 3_600_000 } })).toBe(5);

    const byClient = await plan('bookings', { companyId, clientId });
    expect(byClient.sqlite).toMatch(/USING INDEX/);
    expect(await bookings.countDocuments({ companyId, clientId })).toBe(40);

    const one = (await bookings.findOne({ therapistId }))!;
    const byIdInClinic = await plan('bookings', { _id: one._id, companyId });
    expect(byIdInClinic.sqlite).toMatch(/USING INDEX \S+__id_/);
    expect((await bookings.findOne({ _id: one._id, companyId }))?._id).toEqual(one._id);
    expect(await bookings.findOne({ _id: one._id, companyId: new Types.ObjectId() })).toBeNull();

    // The week view's query (domain/scheduling/bookings.ts): the range and the days as exact keys, the index on
    // {companyId, therapistId, bookingDate} searched for each day.
    await bookings.insertOne({ companyId, therapistId, clientId, from: 0, to: 1, bookingDate: '2027-03-01' });
    const days = ['2027-02-28', '2027-03-01', '2027-03-02'];
    const byDays = await plan('bookings', { companyId, therapistId, bookingDate: { $in: days }, from: { $gte: 0 } });
    expect(byDays.sqlite).toMatch(/SEARCH \S+ USING INDEX \S+bookingDate\S* \(<expr>=\? AND <expr>=\? AND <expr>=\?\)/);
    expect(await bookings.countDocuments({ companyId, therapistId, bookingDate: { $in: days }, from: { $gte: 0 } })).toBe(1);
    // An $in with a value that is not pushed down, or another operator, is left to the handler (and still answers).
    expect((await plan('bookings', { bookingDate: { $in: ['2027-03-01', 'ø'] } })).filterPushdown).toBe(false);
    expect(await bookings.countDocuments({ bookingDate: { $in: ['2027-03-01', 'ø'] } })).toBe(1);
    expect((await plan('bookings', { bookingDate: { $nin: days } })).filterPushdown).toBe(false);
    expect(await bookings.countDocuments({ companyId, bookingDate: { $nin: days } })).toBe(40);

    // A field not on the list is not pushed down: the whole collection is read, as upstream.
    expect((await plan('bookings', { from: 0 })).filterPushdown).toBe(false);
  });

  it("hands a name search's words to SQLite, and finds exactly what the handler alone finds", async () => {
    const companyId = new Types.ObjectId();
    const clients = conn.db!.collection('clients');
    // Upper and lower case, Danish letters, a word inside a name, punctuation, and the letters outside ASCII that
    // Unicode case folding (which FerretDB's regular expressions use) matches to k, s and å: KELVIN SIGN, LONG S and
    // ANGSTROM SIGN.
    const names = [
      ['Anne', 'Hansen'],
      ['ANNE-MARIE', 'Sørensen'],
      ['Jens', 'HANSEN'],
      ['Marianne', 'Jensen'],
      ['Søren', 'Kjær'],
      ['Hans', 'Æbelø'],
      ['\u212Aarl', 'Be\u017Fen'],
      ['\u212Bse', 'Dahl'],
      ['Ole', 'Olsen 1'],
      ['O.le', 'Star*[x]'],
      ['Bo', ''],
    ];
    await clients.insertMany(names.map(([nameFirst, nameLast]) => ({ companyId, nameFirst, nameLast })));
    const searches = ['hansen', 'Anne', 'jensen 1', 'SEN', 'karl', 'besen', 'Søren', 'ø', 'anne hansen', 'x', 'k', 's', 'åse', 'anne-marie', 'o.l', 'r*[x]', 'ÆBELØ'];
    for (const search of searches) {
      const filter = { companyId, ...nameWordsFilter(search) };
      // The same filter one level down: a shape the patch does not read, so the handler alone decides.
      const alone = { $and: [filter] };
      const found = (await clients.find(filter).toArray()).map((client) => `${client.nameFirst as string} ${client.nameLast as string}`).sort();
      const expected = (await clients.find(alone).toArray()).map((client) => `${client.nameFirst as string} ${client.nameLast as string}`).sort();
      expect(`${search}: ${found.join(', ')}`).toBe(`${search}: ${expected.join(', ')}`);
      expect(`${search}: ${await clients.countDocuments(filter)}`).toBe(`${search}: ${expected.length}`);
      // Every word is a literal, so every search is pushed down, and SQLite reads the clinic's list index.
      const pushed = await plan('clients', filter);
      expect(`${search}: ${pushed.filterPushdown}`).toBe(`${search}: true`);
      expect(pushed.sqlite).toMatch(/USING INDEX \S+_klinik_list/);
      expect(`${search}: ${(await plan('clients', { $and: nameWordsFilter(search).$and })).filterPushdown}`).toBe(`${search}: true`);
    }
    // What the search finds is what a person would expect (and the Kelvin, long s and Angstrom signs count as k, s, å).
    const firstNames = async (search: string) => (await clients.find({ companyId, ...nameWordsFilter(search) }).toArray()).map((client) => client.nameFirst as string).sort();
    expect(await firstNames('hansen')).toEqual(['Anne', 'Jens']);
    expect(await firstNames('karl')).toEqual(['\u212Aarl']);
    expect(await firstNames('åse')).toEqual(['\u212Bse']);
    expect(await firstNames('star*[')).toEqual(['O.le']);
    // Other conditions in a search's shape (an exact name, a $regex beside another operator) are left to the
    // handler, which answers as MongoDB does.
    for (const condition of [{ $eq: 'Anne' }, { $in: ['Anne', 'Jens'] }, { $regex: 'ann', $options: 'i', $ne: 'x' }, { $not: { $regex: 'x' } }]) {
      const odd = { companyId, $and: [{ $or: [{ nameFirst: condition }, { nameLast: { $regex: 'zzz', $options: 'i' } }] }] };
      const expected = (await clients.find({ $and: [odd] }).toArray()).map((client) => client.nameFirst as string).sort();
      expect((await clients.find(odd).toArray()).map((client) => client.nameFirst as string).sort()).toEqual(expected);
      expect(await clients.countDocuments(odd)).toBe(expected.length);
    }
    // A regular expression that is not a literal is left to the handler, which still answers.
    const pattern = { companyId, $and: [{ $or: [{ nameFirst: { $regex: '^An+e$', $options: 'i' } }] }] };
    expect((await plan('clients', pattern)).sqlite).not.toMatch(/GLOB/);
    expect((await clients.find(pattern).toArray()).map((client) => client.nameFirst as string)).toEqual(['Anne']);
  });

  it("sorts, pages and counts a clinic's list in SQLite exactly as the handler does", async () => {
    const clients = conn.db!.collection('clients');
    const companyId = new Types.ObjectId();
    const otherClinic = new Types.ObjectId();
    const owners = [new Types.ObjectId(), new Types.ObjectId()];
    const first = ['Anne', 'anne', 'Anne Marie', 'Åse', 'Bo', 'Ærø', '', 'Zoë', 'Øjvind', 'Anne'];
    const last = ['Hansen', 'Hansen 1', 'Jensen', 'Sørensen', 'hansen', 'Ahl', 'Bech'];
    await clients.insertMany(
      Array.from({ length: 70 }, (_, n) => ({ companyId: n % 9 === 0 ? otherClinic : companyId, createdBy: owners[n % 2], nameFirst: first[n % first.length], nameLast: last[n % last.length] })),
    );
    // A client without names sorts first, as in MongoDB.
    await clients.insertOne({ companyId, createdBy: owners[0] });
    const label = (client: Record<string, unknown>) => `${String(client.nameFirst)} ${String(client.nameLast)} ${String(client._id)}`;
    const sorts = [
      { nameFirst: 1, nameLast: 1, _id: 1 },
      { nameFirst: -1, nameLast: -1, _id: -1 },
      { nameLast: 1, nameFirst: 1, _id: 1 },
    ] as const;
    const filters = [{ companyId }, { companyId, createdBy: owners[1] }, { companyId, ...nameWordsFilter('anne') }, { companyId, ...nameWordsFilter('hansen 1') }, { companyId, ...nameWordsFilter('zzz') }];
    for (const filter of filters) {
      const all = await clients.countDocuments({ $and: [filter] });
      expect(await clients.countDocuments(filter)).toBe(all);
      for (const sort of sorts) {
        const expected = (await clients.find({ $and: [filter] }).sort(sort).toArray()).map(label);
        for (const [skip, limit] of [[0, 10], [10, 10], [Math.max(0, all - 3), 10], [all + 5, 10], [5, 0]] as [number, number][]) {
          const page = (await clients.find(filter).sort(sort).skip(skip).limit(limit).toArray()).map(label);
          const end = limit === 0 ? undefined : skip + limit;
          expect(`${JSON.stringify(filter)} ${JSON.stringify(sort)} ${skip}/${limit}: ${page.join(' | ')}`).toBe(`${JSON.stringify(filter)} ${JSON.stringify(sort)} ${skip}/${limit}: ${expected.slice(skip, end).join(' | ')}`);
        }
        // SQLite sorts it, from the clinic's list index.
        const explained = await conn.db!.command({ explain: { find: 'clients', filter, sort } });
        expect(explained.sortPushdown).toBe(true);
        expect(JSON.stringify(explained.queryPlanner)).toMatch(/USING INDEX \S+_klinik_list/);
      }
    }

    // A sort SQLite would put in another order (a name that is not a string) or a filter it does not read in full is
    // left to the handler, and the answer is the same.
    await clients.insertOne({ companyId, createdBy: owners[0], nameFirst: 42, nameLast: 'Tal' });
    const mixed = (await conn.db!.command({ explain: { find: 'clients', filter: { companyId }, sort: sorts[0] } })) as { sortPushdown: boolean };
    expect(mixed.sortPushdown).toBe(false);
    const partial = (await conn.db!.command({ explain: { find: 'clients', filter: { companyId, nameLast: { $gt: 'H' } }, sort: sorts[0] } })) as { sortPushdown: boolean };
    expect(partial.sortPushdown).toBe(false);
    for (const filter of [{ companyId }, { companyId, nameLast: { $gt: 'H' } }]) {
      const expected = (await clients.find({ $and: [filter] }).sort(sorts[0]).toArray()).map(label);
      expect((await clients.find(filter).sort(sorts[0]).skip(3).limit(5).toArray()).map(label)).toEqual(expected.slice(3, 8));
      expect(await clients.countDocuments(filter)).toBe(expected.length);
    }
    // A count with the clinic as a string of the same hex counts nothing (a string is not an ObjectId).
    expect(await clients.countDocuments({ companyId: companyId.toHexString() })).toBe(0);
  });

  it('answers as MongoDB does for values that are not pushed down and for lookalike types', async () => {
    // A collection of its own: FerretDB's unique index on therapists.username would take a string and an ObjectId
    // of the same hex for one value (their JSON text is the same), which MongoDB does not.
    const therapists = conn.db!.collection('pushdown_lookalikes');
    const plain = 'behandler@klinik.test';
    const accented = 'søren.ørsted@klinik.test';
    const escaped = 'a<b&c@klinik.test';
    const hex = new Types.ObjectId();
    await therapists.insertMany([{ username: plain }, { username: accented }, { username: escaped }, { username: hex.toHexString() }, { username: hex }, { username: 'x'.repeat(250) }]);
    // Pushed down (safe characters): the exact document.
    expect((await plan('pushdown_lookalikes', { username: plain })).filterPushdown).toBe(true);
    expect(await therapists.countDocuments({ username: plain })).toBe(1);
    // Not pushed down (characters whose JSON text could differ, or too long): still found, by the handler's scan.
    expect((await plan('pushdown_lookalikes', { username: accented })).filterPushdown).toBe(false);
    expect(await therapists.countDocuments({ username: accented })).toBe(1);
    expect(await therapists.countDocuments({ username: escaped })).toBe(1);
    expect(await therapists.countDocuments({ username: 'x'.repeat(250) })).toBe(1);
    // A string and an ObjectId with the same hex have the same JSON text in SQLite; MongoDB tells them apart, and so
    // does the handler's filter after the pushdown.
    expect((await therapists.find({ username: hex }).toArray()).map((doc) => doc.username as unknown)).toEqual([hex]);
    expect((await therapists.find({ username: hex.toHexString() }).toArray()).map((doc) => doc.username as unknown)).toEqual([hex.toHexString()]);
    // Updates and deletes take the same path.
    expect((await therapists.updateOne({ username: plain }, { $set: { nameFirst: 'Mette' } })).modifiedCount).toBe(1);
    expect((await therapists.deleteOne({ username: plain })).deletedCount).toBe(1);
    expect(await therapists.countDocuments({})).toBe(5);
  });
});
