/**
 * Uploads cannot take the server down: multipart bodies stream to temporary files that are always
 * removed, a caller who may not upload is refused before the file is read, per-action limits with the action's
 * own texts, the web client sends `action` and `token` first, and images are bounded by frames and pixels.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createActionClient } from '@klinik/core/client';
import { DECODE_CONCURRENCY, DECODE_LIMITS, decodeImage, decodeLoad } from '../src/domain/images/decode.js';
import type { SlotGrant } from '../src/domain/images/fair-slots.js';
import { MAX_MULTIPART_BYTES, UPLOAD_CONCURRENCY, uploadLoad } from '../src/endpoint/uploads.js';
import { clientWithJournal, colleagueOf } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let blobDir: string;
let uploadTmp: string;
const previousTmp = process.env.TMPDIR;
beforeAll(async () => {
  // The API runs in this process: its temporary upload files go to a directory only this test looks at.
  uploadTmp = mkdtempSync(path.join(tmpdir(), 'klinik-uploads-test-'));
  blobDir = mkdtempSync(path.join(tmpdir(), 'klinik-blobs-'));
  process.env.TMPDIR = uploadTmp;
  t = await startTestApi({ uploadFileLimitBytes: 10 * 1024 * 1024, uploadMaxFiles: 20, blobDir });
});
afterAll(async () => {
  await t.close();
  process.env.TMPDIR = previousTmp;
  rmSync(blobDir, { recursive: true, force: true });
  rmSync(uploadTmp, { recursive: true, force: true });
});

const leftovers = () => readdirSync(uploadTmp);

type Part = [name: string, value: string] | [name: string, file: { name: string; data: Buffer }];

async function send(parts: Part[]): Promise<{ status: number; body: { message?: string; errors?: Record<string, string>; data?: unknown } }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)]), value.name);
  }
  const response = await fetch(t.url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/**
 * Starts a multipart request that names the action and token, then sends the start of a file and never ends
 * it: an answer can only come from a server that decided before reading the file.
 */
function neverEndingUpload(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: { message?: string } }> {
  const boundary = 'klinikboundary';
  return new Promise((resolve, reject) => {
    const req = request(t.url, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message?: string } });
      });
    });
    req.on('error', reject);
    for (const [name, value] of Object.entries(fields)) {
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    req.write(Buffer.alloc(256 * 1024, 1));
  });
}

/**
 * A GIF of `frames` 1 × 1 frames, a few bytes each: small on the wire, many frames to decode. Its canvas is
 * `width` × `height` (what the header says each frame covers), 1 × 1 unless given.
 */
function manyFrameGif(frames: number, width = 1, height = 1): Buffer {
  const le = (n: number) => [n & 255, n >> 8];
  const head = [...Buffer.from('GIF89a'), ...le(width), ...le(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  const frame = [0x2c, 0, 0, 0, 0, ...le(1), ...le(1), 0, 0x02, 0x02, 0x44, 0x01, 0x00];
  return Buffer.from([...head, ...Array.from({ length: frames }, () => frame).flat(), 0x3b]);
}

describe('uploads', () => {
  it('refuses a stranger, a wrong token and a colleague before it reads the file', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const colleague = await colleagueOf(t, owner);
    const anonymous = await neverEndingUpload({ action: 'uploadImages', clientId, kind: 'journal', journalId });
    expect(anonymous.status).toBe(401);
    const forged = await neverEndingUpload({ action: 'uploadImages', token: `${owner.token}x`, clientId, kind: 'journal', journalId });
    expect(forged.status).toBe(401);
    const notOwner = await neverEndingUpload({ action: 'uploadCompanyLogo', token: colleague.token });
    expect(notOwner.status).toBe(403);
    // An action that takes no files refuses the first file part, whoever calls.
    const noFiles = await neverEndingUpload({ action: 'getTherapist', token: owner.token });
    expect(noFiles).toEqual({ status: 413, body: { message: 'Forespørgslen er for stor' } });
    expect(await t.models.Image.countDocuments({ companyId: owner.companyId })).toBe(0);
  });

  it('refuses a multipart body larger than any upload from its Content-Length, without reading it', async () => {
    const answer = await neverEndingUpload({ action: 'uploadImages' }, { 'Content-Length': String(MAX_MULTIPART_BYTES + 1) });
    expect(answer).toEqual({ status: 413, body: { message: 'Forespørgslen er for stor' } });
  });

  it('wants action and token before the files; the web client sends them first', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } }).jpeg().toBuffer();
    const late = await send([
      ['clientId', clientId],
      ['kind', 'journal'],
      ['journalId', journalId],
      ['files', { name: 'a.jpg', data: image }],
      ['action', 'uploadImages'],
      ['token', owner.token],
    ]);
    expect(late).toEqual({ status: 400, body: { message: 'Felterne action og token skal sendes før filerne' } });

    // The shared client reorders whatever form a page built (the file appended before anything else).
    const client = createActionClient({ apiUrl: t.url, getToken: () => owner.token });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(image)]), 'a.jpg');
    form.set('clientId', clientId);
    form.set('kind', 'journal');
    form.set('journalId', journalId);
    const answer = await client.upload('uploadImages', form);
    expect(answer.data.map((entry) => entry.imageName)).toEqual(['a.jpg']);
    expect(leftovers()).toEqual([]);
  });

  it("cuts a file off at its action's limit with the action's text, and removes every temporary file", async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const fields: Part[] = [
      ['action', 'uploadImages'],
      ['token', owner.token],
      ['clientId', clientId],
      ['kind', 'journal'],
      ['journalId', journalId],
    ];
    const big = await send([...fields, ['files', { name: 'stor.jpg', data: Buffer.alloc(6 * 1024 * 1024, 1) }]]);
    expect(big).toEqual({ status: 400, body: { message: 'Billedstørrelse skal være inden for 4 MB', errors: { files: 'Billedstørrelse skal være inden for 4 MB' } } });
    const logo = await send([
      ['action', 'uploadCompanyLogo'],
      ['token', owner.token],
      ['logo', { name: 'logo.png', data: Buffer.alloc(6 * 1024 * 1024, 1) }],
    ]);
    expect(logo.body.message).toBe('Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.');
    const twoLogos = await send([
      ['action', 'uploadCompanyLogo'],
      ['token', owner.token],
      ['logo', { name: 'a.png', data: Buffer.alloc(10) }],
      ['logo', { name: 'b.png', data: Buffer.alloc(10) }],
    ]);
    expect(twoLogos.body.message).toBe('Logoet skal være en JPG, JPEG eller PNG fil');
    expect(leftovers()).toEqual([]);
    expect(await t.models.Image.countDocuments({ companyId: owner.companyId })).toBe(0);
  });

  it('refuses an animated image with too many frames and an image with too many pixels, before decoding them', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const fields: Part[] = [
      ['action', 'uploadImages'],
      ['token', owner.token],
      ['clientId', clientId],
      ['kind', 'journal'],
      ['journalId', journalId],
    ];
    const frames = await send([...fields, ['files', { name: 'animation.gif', data: manyFrameGif(51) }]]);
    expect(frames).toEqual({ status: 400, body: { message: 'Billedet har for mange billeder i animationen (højst 50)', errors: { files: 'Billedet har for mange billeder i animationen (højst 50)' } } });
    // 8000 × 8000 white pixels: 200 KB as a PNG, 192 MB once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const pixels = await send([...fields, ['files', { name: 'hvid.png', data: bomb }]]);
    expect(pixels.body.message).toBe('Billedet har for mange pixels');
    const logo = await send([
      ['action', 'uploadCompanyLogo'],
      ['token', owner.token],
      ['logo', { name: 'logo.png', data: bomb }],
    ]);
    expect(logo.body.message).toBe('Billedet har for mange pixels');
    // A short animation is still welcome.
    const fine = await send([...fields, ['files', { name: 'kort.gif', data: manyFrameGif(3) }]]);
    expect(fine.status).toBe(200);
    expect(leftovers()).toEqual([]);
  });

  it('processes at most a few uploads at once; the others wait and then succeed, and sign-in still answers', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#693' } }).jpeg().toBuffer();
    uploadLoad.peak = 0;
    decodeLoad.peak = 0;
    const uploads = Array.from({ length: 8 }, (_, i) =>
      send([
        ['action', 'uploadImages'],
        ['token', owner.token],
        ['clientId', clientId],
        ['kind', 'journal'],
        ['journalId', journalId],
        ['files', { name: `b${i}.jpg`, data: image }],
        ['files', { name: `c${i}.jpg`, data: image }],
      ]),
    );
    const login = await t.call('login', { username: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    expect((await Promise.all(uploads)).map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(uploadLoad.peak).toBeGreaterThan(0);
    expect(uploadLoad.peak).toBeLessThanOrEqual(UPLOAD_CONCURRENCY);
    expect(decodeLoad.peak).toBeGreaterThan(0);
    expect(decodeLoad.peak).toBeLessThanOrEqual(DECODE_CONCURRENCY);
    expect(await t.models.Image.countDocuments({ companyId: owner.companyId })).toBe(16);
    expect(leftovers()).toEqual([]);
  });

  it('terminates a decoding that runs over its time and answers in Danish; nothing is stored', async () => {
    const { owner, clientId, journalId } = await clientWithJournal(t);
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#963' } }).png().toBuffer();
    const killAfterMs = DECODE_LIMITS.killAfterMs;
    // No worker starts, loads sharp and decodes within a millisecond: this decoding always runs over.
    DECODE_LIMITS.killAfterMs = 1;
    try {
      const slow = await send([
        ['action', 'uploadImages'],
        ['token', owner.token],
        ['clientId', clientId],
        ['kind', 'journal'],
        ['journalId', journalId],
        ['files', { name: 'langsom.png', data: image }],
      ]);
      expect(slow).toEqual({ status: 400, body: { message: 'Billedet kunne ikke behandles i tide. Prøv med et mindre billede.', errors: { files: 'Billedet kunne ikke behandles i tide. Prøv med et mindre billede.' } } });
    } finally {
      DECODE_LIMITS.killAfterMs = killAfterMs;
    }
    expect(decodeLoad.running).toBe(0);
    expect(await t.models.Image.countDocuments({ companyId: owner.companyId })).toBe(0);
    expect(leftovers()).toEqual([]);
  });
});

/** Until `ready()` holds: each look after the event loop has turned, for at most 30 s (then the test fails saying so). */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const imageFields = (who: { owner: { token: string }; clientId: string; journalId: string }): Part[] => [
  ['action', 'uploadImages'],
  ['token', who.owner.token],
  ['clientId', who.clientId],
  ['kind', 'journal'],
  ['journalId', who.journalId],
];

describe('fair turns between clinics', () => {
  it("lets another clinic's upload in before the rest of one clinic's batch: no clinic gets a second slot while another waits", async () => {
    const busy = await clientWithJournal(t);
    const single = await clientWithJournal(t);
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#396' } }).jpeg().toBuffer();
    // Storing waits at a gate: the busy clinic's first two uploads hold both slots while the others arrive.
    const { blobs } = t.api.services;
    const put = blobs.put.bind(blobs);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    blobs.put = async (key, data) => {
      await gate;
      return put(key, data);
    };
    const grants: SlotGrant[] = [];
    uploadLoad.onGrant = (grant) => grants.push(grant);
    try {
      const batch = Array.from({ length: 4 }, (_, i) => send([...imageFields(busy), ['files', { name: `b${i}.jpg`, data: image }]]));
      await until(() => uploadLoad.waiting === 2, "two of the busy clinic's uploads wait");
      const alone = send([...imageFields(single), ['files', { name: 'eneste.jpg', data: image }]]);
      await until(() => uploadLoad.waiting === 3, "the other clinic's upload waits");
      open();
      expect((await Promise.all([...batch, alone])).map((answer) => answer.status)).toEqual(Array(5).fill(200));
    } finally {
      open();
      blobs.put = put;
      uploadLoad.onGrant = null;
    }
    const who = (grant: SlotGrant) => (grant.clinic === busy.owner.companyId ? 'busy' : grant.clinic === single.owner.companyId ? 'single' : grant.clinic);
    // The first slot that freed went to the clinic that had none, before the busy clinic's two waiting uploads.
    expect(grants.slice(0, 3).map((grant) => [who(grant), grant.heldBefore])).toEqual([
      ['busy', 0],
      ['busy', 1],
      ['single', 0],
    ]);
    expect(grants.map(who).sort()).toEqual(['busy', 'busy', 'busy', 'busy', 'single']);
    expect(grants.filter((grant) => grant.heldBefore > 0 && grant.othersWaiting.length > 0)).toEqual([]);
    expect(await t.models.Image.countDocuments({ companyId: single.owner.companyId })).toBe(1);
    expect(leftovers()).toEqual([]);
  });

  it('gives a free decoding slot to a clinic that holds none before a clinic that holds one', async () => {
    const file = path.join(uploadTmp, 'fair.png');
    writeFileSync(file, await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c63' } }).png().toBuffer());
    const grants: SlotGrant[] = [];
    decodeLoad.onGrant = (grant) => grants.push(grant);
    try {
      // Clinic A asks for three decodings at once, then clinic B for one: A holds both slots, one of A's and B's wait.
      const decodes = ['A', 'A', 'A', 'B'].map((clinic) => decodeImage(file, 'ikke et billede', clinic));
      expect(decodeLoad.waiting).toBe(2);
      expect((await Promise.all(decodes)).map((decoded) => decoded.format)).toEqual(['png', 'png', 'png', 'png']);
    } finally {
      decodeLoad.onGrant = null;
      rmSync(file, { force: true });
    }
    expect(grants.map((grant) => [grant.clinic, grant.heldBefore, grant.othersWaiting])).toEqual([
      ['A', 0, []],
      ['A', 1, []],
      ['B', 0, ['A']],
      ['A', expect.any(Number), []],
    ]);
    expect(decodeLoad.running).toBe(0);
  });
});

describe('animations', () => {
  it('holds an animation to a much smaller budget of frames, pixels and time than a photo, in Danish; nothing is stored', async () => {
    const who = await clientWithJournal(t);
    const upload = (name: string, data: Buffer) => send([...imageFields(who), ['files', { name, data }]]);
    const refusal = (message: string) => ({ status: 400, body: { message, errors: { files: message } } });

    // Frames: 50 pass, 51 do not (a photo has one).
    expect((await upload('lang.gif', manyFrameGif(50))).status).toBe(200);
    expect(await upload('længere.gif', manyFrameGif(51))).toEqual(refusal('Billedet har for mange billeder i animationen (højst 50)'));
    // Pixels: two frames of 2000 × 1500 (6 million) are too many for an animation, not for a photo of the same size.
    expect(await upload('stor.gif', manyFrameGif(2, 2000, 1500))).toEqual(refusal('Animationen er for stor. Prøv med en mindre eller kortere animation.'));
    expect((await upload('stor.gif', manyFrameGif(1, 2000, 1500))).status).toBe(200);
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#678' } }).jpeg().toBuffer();
    expect((await upload('foto.jpg', photo)).status).toBe(200);

    // Time: with no time left for an animation, it is stopped as soon as its header says it is one; a photo is not.
    const killAfterMs = DECODE_LIMITS.animated.killAfterMs;
    DECODE_LIMITS.animated.killAfterMs = 0;
    try {
      expect(await upload('kort.gif', manyFrameGif(3))).toEqual(refusal('Animationen kunne ikke behandles i tide. Prøv med en mindre eller kortere animation.'));
      expect((await upload('foto.jpg', photo)).status).toBe(200);
    } finally {
      DECODE_LIMITS.animated.killAfterMs = killAfterMs;
    }
    expect(decodeLoad.running).toBe(0);
    const stored = await t.models.Image.find({ companyId: who.owner.companyId }, { imageName: 1 }).lean();
    expect(stored.map((image) => image.imageName).sort()).toEqual(['foto.jpg', 'foto.jpg', 'lang.gif', 'stor.gif']);
    expect(leftovers()).toEqual([]);
  });
});
