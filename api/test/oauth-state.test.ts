/**
 * The signed OAuth `state` (security/oauth/state.ts) through the real return actions of both flows that use it, the
 * accounting connection (updateClientDineroData) and the drive sign-in (connectGoogleDrive), with the sandbox
 * providers' consent page: a state that was tampered with, has expired, belongs to another clinic or provider, or
 * comes back a second time with another code is refused with 403 and the flow's Danish message, and changes nothing.
 * A reload of the return page (the same state with the same code) is still answered as before.
 */
import { accountingMessages, DAY_MS, driveMessages } from '@klinik/core';
import { clinicWithTrial, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };

/** A Pro clinic with both add-ons: the accounting connection and the drive sign-in are open to its owner. */
async function clinic(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: t.clock.now() + 30 * DAY_MS, driveAddOnActive: true } });
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  expect((await t.call('freeAddOnWithProPlan', { id: 'accounting' }, owner.token)).status).toBe(200);
  return owner;
}

interface Flow {
  name: 'accounting' | 'drive';
  start: (token: string) => Promise<string>;
  /** The consent page's 'Tillad' for this state: a fresh code each time. */
  allow: (url: URL, state: string) => Promise<string>;
  finish: (input: { code: string; state: string }, token: string) => ReturnType<TestApi['call']>;
  refused: string;
  /** What a successful return left on the clinic: unchanged by every refusal. */
  connected: (owner: SignedInOwner) => Promise<unknown>;
}

async function allowOn(url: URL, state: string, fields: Record<string, string>): Promise<string> {
  const form = new URLSearchParams({ client_id: url.searchParams.get('client_id')!, redirect_uri: url.searchParams.get('redirect_uri')!, state, answer: 'allow', ...fields });
  const answer = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code')!;
}

const FLOWS: Flow[] = [
  {
    name: 'accounting',
    start: async (token) => (await t.call('getVismaConnectUrl', { allDataFlag: true }, token)).body.url,
    allow: (url, state) => allowOn(url, state, { organization: 'Tilstand ApS' }),
    finish: (input, token) => t.call('updateClientDineroData', input, token),
    refused: accountingMessages.stateInvalid,
    connected: async (owner) => (await t.models.Company.findById(owner.companyId).lean())?.dineroRefreshToken ?? null,
  },
  {
    name: 'drive',
    start: async (token) => (await t.call('getGoogleDriveConnectUrl', {}, token)).body.url,
    allow: (url, state) => allowOn(url, state, { account: 'tilstand@gmail.com', drive: '1' }),
    finish: (input, token) => t.call('connectGoogleDrive', input, token),
    refused: driveMessages.stateInvalid,
    connected: async (owner) => (await t.models.DriveConnection.findOne({ companyId: owner.companyId }).lean())?.refreshToken ?? null,
  },
];

describe.each(FLOWS)('the $name flow', (flow) => {
  async function started(owner: SignedInOwner) {
    const url = new URL(await flow.start(owner.token));
    const state = url.searchParams.get('state')!;
    return { url, state, code: await flow.allow(url, state) };
  }

  async function expectRefused(input: { code: string; state: string }, token: string) {
    const answer = await flow.finish(input, token);
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 403, message: flow.refused });
  }

  it('refuses a state whose content was changed after it was signed', async () => {
    const owner = await clinic();
    const { state, code } = await started(owner);
    const [payload, signature] = state.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Later expiry, same signature: the signature no longer holds.
    const tampered = `${Buffer.from(JSON.stringify({ ...body, e: (body.e as number) + DAY_MS })).toString('base64url')}.${signature}`;
    await expectRefused({ code, state: tampered }, owner.token);
    // Another last character (always another: a fixed 'AA' was the signature's own ending once in 1,024 runs).
    await expectRefused({ code, state: `${payload}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'E' : 'A'}` }, owner.token);
    expect(await flow.connected(owner)).toBeNull();
    // The untouched state still works: nothing was used up by the refusals.
    expect((await flow.finish({ code, state }, owner.token)).status).toBe(200);
  });

  it('refuses a state after 30 minutes', async () => {
    const owner = await clinic();
    const { state, code } = await started(owner);
    t.clock.advance(30 * 60_000 + 1000);
    await expectRefused({ code, state }, owner.token);
    expect(await flow.connected(owner)).toBeNull();
  });

  it("refuses another clinic's state, and a state of the other provider", async () => {
    const owner = await clinic();
    const stranger = await clinic();
    const { state, code } = await started(owner);
    await expectRefused({ code, state }, stranger.token);
    expect(await flow.connected(stranger)).toBeNull();
    // A state the other flow signed (for this same owner) is not this flow's.
    const other = FLOWS.find((candidate) => candidate !== flow)!;
    const otherUrl = new URL(await other.start(owner.token));
    await expectRefused({ code, state: otherUrl.searchParams.get('state')! }, owner.token);
    expect(await flow.connected(owner)).toBeNull();
  });

  it('refuses a state that comes back a second time with another code; a reload with the same code is answered again', async () => {
    const owner = await clinic();
    const { url, state, code } = await started(owner);
    expect((await flow.finish({ code, state }, owner.token)).status).toBe(200);
    const kept = await flow.connected(owner);
    expect(kept).not.toBeNull();
    // The return page reloaded: the same state with the same code.
    expect((await flow.finish({ code, state }, owner.token)).status).toBe(200);
    // The same state replayed with a new code from the consent page: refused, and the connection is the first one.
    const second = await flow.allow(url, state);
    await expectRefused({ code: second, state }, owner.token);
    expect(await flow.connected(owner)).toEqual(kept);
  });
});
