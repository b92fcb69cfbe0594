/**
 * Images and storage through the real endpoint: type checked by content, size and count limits, EXIF
 * (GPS) stripped, the 800 px copy, signed short-lived addresses for the owning clinic only, the storage ledger
 * exact under 50 parallel uploads and deletes, and "storage full".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DAY_MS } from '@klinik/core';
import { clientWithJournal } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let blobDir: string;
beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'klinik-blobs-'));
  t = await startTestApi({ uploadFileLimitBytes: 10 * 1024 * 1024, uploadMaxFiles: 20, blobDir });
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const HOUR = 3_600_000;

async function photo(width = 1600, height = 1000, format: 'jpeg' | 'png' | 'gif' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  if (format === 'png') return image.png().toBuffer();
  if (format === 'gif') return image.gif().toBuffer();
  // A phone picture: EXIF with the camera and GPS position.
  return image
    .jpeg()
    .withExif({ IFD0: { Make: 'Telefon', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 34/1 0/1' } })
    .toBuffer();
}

async function upload(token: string, fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[]) {
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', token);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.name);
  const response = await fetch(t.url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { message: string; data: { id: string; bytes: number; imageUrl: string; previewUrl: string }[] } };
}

const usage = async (token: string) => (await t.call('getStorageUsage', {}, token)).body.data;

describe('uploading', () => {
  it('stores journal images without EXIF, with an 800 px copy, served only through signed addresses; the storage moves', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    expect(await usage(owner.token)).toEqual({ usedBytes: 0, purchasedBytes: 1024 ** 3, drive: { enabled: false } });
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await upload(owner.token, { clientId, kind: 'journal', journalId }, [
      { name: 'ryg.jpg', data: original },
      { name: 'skulder.PNG', data: await photo(600, 400, 'png'), type: 'image/png' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(2);
    const total = answer.body.data.reduce((sum, image) => sum + image.bytes, 0);
    expect((await usage(owner.token)).usedBytes).toBe(total);

    const stored = Buffer.from(await (await fetch(answer.body.data[0]!.imageUrl)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600 });
    expect(meta.exif).toBeUndefined();
    const preview = await fetch(answer.body.data[0]!.previewUrl);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(800);
    // A small PNG is not enlarged.
    expect((await sharp(Buffer.from(await (await fetch(answer.body.data[1]!.previewUrl)).arrayBuffer())).metadata()).width).toBe(600);

    // Tampered and expired addresses are refused.
    const url = new URL(answer.body.data[0]!.imageUrl);
    const forged = new URL(url);
    forged.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(url.origin + url.pathname)).status).toBe(403);
    t.clock.advance(11 * 60_000);
    try {
      expect((await fetch(url)).status).toBe(403);
    } finally {
      t.clock.advance(-11 * 60_000);
    }

    const listed = await t.call('getImages', { clientId, journalId }, owner.token);
    expect(listed.body.data.map((image) => image.imageName).sort()).toEqual(['ryg.jpg', 'skulder.PNG']);
    const deleted = await t.call('deleteImage', { id: answer.body.data[0]!.id }, owner.token);
    expect(deleted.status).toBe(200);
    expect((await usage(owner.token)).usedBytes).toBe(answer.body.data[1]!.bytes);
    expect((await fetch(answer.body.data[0]!.imageUrl)).status).toBe(404);
    expect((await t.call('deleteImage', { id: answer.body.data[0]!.id }, owner.token)).status).toBe(404);
  });

  it('refuses a renamed .exe, a wrong name, a 5 MB and a 20 MB file, eleven files, and an edit with two; nothing is stored', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(4000, 7)]);
    const cases: [{ name: string; data: Buffer }[], Record<string, string>, number, string][] = [
      [[{ name: 'billede.jpg', data: exe }], {}, 400, 'Filen skal være JPEG, JPG, GIF, PNG filtyper.'],
      [[{ name: 'program.exe', data: await photo(100, 100) }], {}, 400, 'Filen skal være JPEG, JPG, GIF, PNG filtyper.'],
      [[{ name: 'noter.pdf', data: Buffer.from('%PDF-1.4\n') }], {}, 400, 'Filen skal være JPEG, JPG, GIF, PNG filtyper.'],
      [[{ name: 'stor.jpg', data: Buffer.concat([await photo(100, 100), Buffer.alloc(5 * 1024 * 1024)]) }], {}, 400, 'Billedstørrelse skal være inden for 4 MB'],
      [[{ name: 'kæmpe.jpg', data: Buffer.alloc(20 * 1024 * 1024, 1) }], {}, 400, 'Billedstørrelse skal være inden for 4 MB'],
      [Array.from({ length: 11 }, (_, i) => ({ name: `b${i}.jpg`, data: Buffer.alloc(10) })), {}, 400, 'Maksimalt 10 billeder tilladt'],
      [[], {}, 400, 'Mindst 1 billede er påkrævet'],
    ];
    const one = await photo(200, 200);
    for (const [files, extra, status, message] of cases) {
      const answer = await upload(owner.token, { clientId, kind: 'journal', journalId, ...extra }, files);
      expect([files[0]?.name, answer.status, answer.body.message]).toEqual([files[0]?.name, status, message]);
    }
    const kept = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'a.jpg', data: one }]);
    const edit = await upload(owner.token, { clientId, kind: 'journal', journalId, replaceImageId: kept.body.data[0]!.id }, [
      { name: 'b.jpg', data: one },
      { name: 'c.jpg', data: one },
    ]);
    expect(edit.body.message).toBe('Kun 1 billede tilladt til redigering');
    expect((await upload(owner.token, { clientId, kind: 'journal', journalId, replaceImageId: kept.body.data[0]!.id }, [])).body.message).toBe('Mindst 1 billede er påkrævet');
    const replaced = await upload(owner.token, { clientId, kind: 'journal', journalId, replaceImageId: kept.body.data[0]!.id }, [{ name: 'ny.gif', data: await photo(50, 50, 'gif') }]);
    expect(replaced.status).toBe(200);
    const images = (await t.call('getImages', { clientId }, owner.token)).body.data;
    expect(images.map((image) => image.imageName)).toEqual(['ny.gif']);
    expect((await usage(owner.token)).usedBytes).toBe(images[0]!.bytes);
    expect(await t.models.Image.countDocuments({ companyId: owner.companyId })).toBe(1);
  });

  it('refuses an upload that would fill the storage with "Din lagerplads er fuld"', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const image = await photo(400, 300);
    const first = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'a.jpg', data: image }]);
    await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { total_purchased_storage_bytes: first.body.data[0]!.bytes + 100 } });
    const full = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'b.jpg', data: image }]);
    expect(full.status).toBe(400);
    expect(full.body.message).toBe('Din lagerplads er fuld');
    expect((await t.call('getImages', { clientId }, owner.token)).body.data).toHaveLength(1);
  });

  it('keeps one profile image per client: a new one replaces the old and gives its bytes back', async () => {
    const { owner, clientId } = await clientWithJournal(t);
    const first = await upload(owner.token, { clientId, kind: 'profile' }, [{ name: 'portræt.jpg', data: await photo(300, 300) }]);
    const second = await upload(owner.token, { clientId, kind: 'profile' }, [{ name: 'nyt.png', data: await photo(200, 200, 'png'), type: 'image/png' }]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await t.call('getClient', { id: clientId }, owner.token)).body.data.profileImage).toBe(second.body.data[0]!.id);
    expect((await usage(owner.token)).usedBytes).toBe(second.body.data[0]!.bytes);
    expect((await upload(owner.token, { clientId, kind: 'profile' }, [{ name: 'a.jpg', data: await photo(10, 10) }, { name: 'b.jpg', data: await photo(10, 10) }])).status).toBe(400);
  });

  it("refuses another clinic's client, journal and image ids", async () => {
    const mine = await clientWithJournal(t);
    const theirs = await clientWithJournal(t);
    const image = await upload(theirs.owner.token, { clientId: theirs.clientId, kind: 'journal', journalId: theirs.journalId }, [{ name: 'a.jpg', data: await photo(50, 50) }]);
    expect((await upload(mine.owner.token, { clientId: theirs.clientId, kind: 'journal', journalId: theirs.journalId }, [{ name: 'a.jpg', data: await photo(50, 50) }])).status).toBe(404);
    expect((await upload(mine.owner.token, { clientId: mine.clientId, kind: 'journal', journalId: theirs.journalId }, [{ name: 'a.jpg', data: await photo(50, 50) }])).status).toBe(404);
    expect((await t.call('deleteImage', { id: image.body.data[0]!.id }, mine.owner.token)).status).toBe(404);
    expect((await t.call('getImages', { clientId: theirs.clientId }, mine.owner.token)).status).toBe(404);
    expect((await usage(mine.owner.token)).usedBytes).toBe(0);
    expect((await usage(theirs.owner.token)).usedBytes).toBe(image.body.data[0]!.bytes);
  });

  it('journal images are closed with the journal 24 hours after the booking', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const image = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'a.jpg', data: await photo(50, 50) }]);
    t.clock.advance(3 * DAY_MS);
    try {
      expect((await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'b.jpg', data: await photo(50, 50) }])).status).toBe(403);
      expect((await t.call('deleteImage', { id: image.body.data[0]!.id }, owner.token)).status).toBe(403);
    } finally {
      t.clock.advance(-3 * DAY_MS);
    }
  });
});

describe('storage accounting', () => {
  it('is exact after 50 parallel uploads and 25 parallel deletes (each sent twice)', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const images = await Promise.all(Array.from({ length: 50 }, (_, i) => photo(40 + i, 30)));
    const uploads = await Promise.all(images.map((data, i) => upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: `p${i}.jpg`, data }])));
    expect(uploads.every((answer) => answer.status === 200)).toBe(true);
    const all = uploads.map((answer) => answer.body.data[0]!);
    expect((await usage(owner.token)).usedBytes).toBe(all.reduce((sum, image) => sum + image.bytes, 0));

    const doomed = all.slice(0, 25);
    const deletes = await Promise.all([...doomed, ...doomed].map((image) => t.call('deleteImage', { id: image.id }, owner.token)));
    expect(deletes.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(25);
    expect(deletes.every((answer) => answer.status === 200 || answer.status === 404)).toBe(true);
    const remaining = all.slice(25).reduce((sum, image) => sum + image.bytes, 0);
    expect((await usage(owner.token)).usedBytes).toBe(remaining);
    expect((await t.call('getImages', { clientId }, owner.token)).body.data).toHaveLength(25);
  });
});

describe('the sweeper', () => {
  it('removes an upload cut off half-way, with its storage entry, after an hour', async () => {
    const { sweepStalledUploads } = await import('../src/domain/images/images.js');
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const answer = await upload(owner.token, { clientId, kind: 'journal', journalId }, [{ name: 'a.jpg', data: await photo(60, 60) }]);
    const { models } = t;
    const { blobs } = t.api.services;
    // As if the process died after the ledger entry, before the image turned 'ready'.
    await models.Image.updateOne({ _id: answer.body.data[0]!.id }, { $set: { status: 'uploading' } });
    expect(await sweepStalledUploads({ models, blobs }, t.clock.now())).toBe(0);
    expect(await sweepStalledUploads({ models, blobs }, t.clock.now() + 2 * HOUR)).toBe(1);
    expect((await usage(owner.token)).usedBytes).toBe(0);
    expect(await models.Image.countDocuments({ _id: answer.body.data[0]!.id })).toBe(0);
  });
});
