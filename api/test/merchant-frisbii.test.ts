/**
 * A clinic's own Frisbii account as its merchant gateway (adapters/payments/frisbii/merchant.ts), against a local
 * Frisbii-shaped HTTP stand-in: what the adapter sends (the clinic's key, paths, the hosted checkout with card and
 * MobilePay, handles as idempotency keys, refunds with their key), how it reads the answers back, and how a webhook is
 * refused unless signed with the clinic's secret, recent, and confirmed by the provider.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { MerchantAccountRefusedError, MerchantRefundRefusedError } from '../src/adapters/payments/merchant.js';
import { createFrisbiiMerchant, signMerchantWebhook } from '../src/adapters/payments/frisbii/merchant.js';
import { listenLocally } from './support/local-server.js';

const KEY = 'priv_clinic_a_0123456789';
const SECRET = 'whsec_clinic_a_webhook_secret';
const NOW = Date.UTC(2026, 10, 29, 12);

interface Sent {
  method: string;
  path: string;
  user: string;
  body: Record<string, unknown> | null;
}

let server: Server;
let url: string;
const sent: Sent[] = [];
const charges = new Map<string, Record<string, unknown>>();
const refunds = new Map<string, Record<string, unknown>>();
const customers = new Set<string>();

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const user = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':')[0] ?? '';
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      sent.push({ method: request.method ?? '', path, user, body });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (user !== KEY) return answer(401, { code: 1, error: 'Unauthorized' });
      const [, , kind, id] = path.split('/');
      if (request.method === 'GET' && path === '/v1/account') return answer(200, { handle: 'clinic-a' });
      if (request.method === 'GET' && kind === 'customer') return customers.has(id!) ? answer(200, { handle: id }) : answer(404, { error: 'Not found' });
      if (request.method === 'POST' && path === '/v1/customer') {
        customers.add(body!.handle as string);
        return answer(200, body);
      }
      if (request.method === 'POST' && path === '/v1/session/charge') return answer(200, { id: 'cs_1', url: 'https://checkout.reepay.com/#/cs_1' });
      if (request.method === 'GET' && kind === 'charge') return charges.has(id!) ? answer(200, charges.get(id!)) : answer(404, { error: 'Not found' });
      if (request.method === 'POST' && path === '/v1/charge') {
        const handle = body!.handle as string;
        if (charges.get(handle)?.state === 'settled') return answer(400, { code: 105, error: 'Invoice already settled' });
        const charge = { handle, state: 'settled', customer: body!.customer_handle, amount: body!.amount, refunded_amount: 0, settled: new Date(NOW).toISOString(), source: { type: 'card', card: body!.source, masked_card: '457199XXXXXX3010' }, recurring_payment_method: body!.source };
        charges.set(handle, charge);
        return answer(200, charge);
      }
      if (request.method === 'POST' && path === '/v1/refund') {
        const charge = charges.get(body!.invoice as string);
        const existing = refunds.get(body!.key as string);
        if (existing) return answer(200, existing);
        const left = (charge?.amount as number) - (charge?.refunded_amount as number);
        if (!charge || (body!.amount as number) > left) return answer(400, { code: 76, error: 'Refund amount too high' });
        charge.refunded_amount = (charge.refunded_amount as number) + (body!.amount as number);
        const refund = { id: `rf_${refunds.size + 1}`, state: 'refunded', invoice: charge.handle, amount: body!.amount };
        refunds.set(body!.key as string, refund);
        return answer(200, refund);
      }
      if (request.method === 'GET' && kind === 'webhook') return id === 'wh_1' ? answer(200, [{ id: 'wh_1', event: 'ev_1' }]) : answer(404, { error: 'Not found' });
      if (request.method === 'GET' && kind === 'event') return answer(200, { id: 'ev_1', event_type: 'invoice_settled', invoice: 'inv_1', customer: 'k1' });
      if (request.method === 'GET' && kind === 'invoice') return answer(200, { id: 'inv_1', handle: 'bp0123' });
      answer(404, { error: 'Not found' });
    })();
  });
  url = await listenLocally(server);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const gateway = (privateKey = KEY, now = NOW) => createFrisbiiMerchant({ privateKey, webhookSecret: SECRET, apiUrl: url, checkoutUrl: url, now: () => now });
const last = (path: string) => sent.filter((request) => request.path === path).at(-1);

it("tries the account with the clinic's key: a refused key is the account's refusal", async () => {
  await gateway().verifyAccount();
  expect(last('/v1/account')?.user).toBe(KEY);
  await expect(gateway('priv_wrong').verifyAccount()).rejects.toBeInstanceOf(MerchantAccountRefusedError);
});

it('opens the hosted checkout with card and MobilePay, the amount including VAT, the card saved when agreed, closing with the hold', async () => {
  const request = {
    handle: 'bp0123',
    customer: { handle: 'k1', email: 'klient@example.dk', name: 'Klient' },
    amountOre: 50_000,
    ordertext: 'Massage 60 min',
    methods: ['card', 'mobilepay'] as ('card' | 'mobilepay')[],
    saveCard: true,
    acceptUrl: 'https://klinik.test/betalt',
    cancelUrl: 'https://klinik.test/annulleret',
    expiresAt: NOW + 15 * 60_000,
  };
  const session = await gateway().createCheckout(request);
  expect(session).toEqual({ id: 'cs_1', url: 'https://checkout.reepay.com/#/cs_1' });
  expect(last('/v1/session/charge')?.body).toMatchObject({
    accept_url: 'https://klinik.test/betalt',
    cancel_url: 'https://klinik.test/annulleret',
    settle: true,
    recurring: true,
    payment_methods: ['card', 'mobilepay'],
    ttl: 'PT900S',
    order: { handle: 'bp0123', amount: 50_000, currency: 'DKK', customer_handle: 'k1' },
  });
  expect(last('/v1/customer')?.body).toMatchObject({ handle: 'k1', email: 'klient@example.dk', first_name: 'Klient' });
  // A returning client is the same customer: not made again.
  await gateway().createCheckout({ ...request, handle: 'bp0124' });
  expect(sent.filter((call) => call.method === 'POST' && call.path === '/v1/customer')).toHaveLength(1);
});

it('charges a saved card once per handle, reads it back, and refunds by key never past what is left', async () => {
  const fee = await gateway().chargeSavedCard('k1', 'ca_1', { handle: 'nf1', amountOre: 30_000, ordertext: 'Udeblivelsesgebyr' });
  expect(fee).toMatchObject({ handle: 'nf1', state: 'settled', amountOre: 30_000, refundedOre: 0, method: 'card', cardId: 'ca_1', customer: 'k1', settledAt: NOW });
  expect(last('/v1/charge')?.body).toMatchObject({ handle: 'nf1', key: 'nf1', customer_handle: 'k1', source: 'ca_1', settle: true, amount: 30_000 });
  // The provider refuses a second settle of the handle: the first charge is answered.
  expect((await gateway().chargeSavedCard('k1', 'ca_1', { handle: 'nf1', amountOre: 30_000, ordertext: 'Udeblivelsesgebyr' })).handle).toBe('nf1');

  expect(await gateway().refund('nf1', 10_000, 'r1')).toEqual({ id: 'rf_1', chargeHandle: 'nf1', amountOre: 10_000, state: 'refunded' });
  expect(last('/v1/refund')?.body).toEqual({ invoice: 'nf1', key: 'r1', amount: 10_000 });
  await expect(gateway().refund('nf1', 20_001, 'r2')).rejects.toBeInstanceOf(MerchantRefundRefusedError);
  expect(await gateway().getCharge('nf1')).toMatchObject({ state: 'settled', refundedOre: 10_000 });
  expect(await gateway().getCharge('unknown')).toBeNull();
});

it('a webhook counts only signed with the clinic’s secret, recent, and read back from the provider', async () => {
  const timestamp = new Date(NOW).toISOString();
  const body = (fields: Record<string, unknown>) => JSON.stringify({ id: 'wh_1', timestamp, ...fields });
  expect(await gateway().readWebhook(body({ signature: signMerchantWebhook(SECRET, timestamp, 'wh_1') }), undefined)).toEqual({ verified: true, id: 'ev_1', type: 'invoice_settled', chargeHandle: 'bp0123' });
  expect(await gateway().readWebhook(body({ signature: signMerchantWebhook('another-clinics-secret', timestamp, 'wh_1') }), undefined)).toEqual({ verified: false });
  expect(await gateway(KEY, NOW + 6 * 60_000).readWebhook(body({ signature: signMerchantWebhook(SECRET, timestamp, 'wh_1') }), undefined)).toEqual({ verified: false });
  const unknown = JSON.stringify({ id: 'wh_2', timestamp, signature: signMerchantWebhook(SECRET, timestamp, 'wh_2') });
  expect(await gateway().readWebhook(unknown, undefined)).toEqual({ verified: false });
  expect(await gateway().readWebhook('not json', undefined)).toEqual({ verified: false });
});
