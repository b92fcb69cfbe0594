/**
 * The SMS gateways: GatewayAPI's adapter against a real local HTTP server that plays GatewayAPI (the
 * request it receives, and what each kind of answer becomes), the development outbox (one SMS per reference, shown
 * at /dev/outbox), and the choice by configuration.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { messageSkipReasons } from '@klinik/core';
import { createSmsGateway } from '../src/adapters/sms/create.js';
import { createGatewayApiGateway } from '../src/adapters/sms/gatewayapi.js';
import { isGsm7, smsParts, SmsTransientError, type SmsGateway, type SmsMessage } from '../src/adapters/sms/index.js';
import { startTestApi, testConfig, type TestApi } from './support/test-api.js';
import { listenLocally } from './support/local-server.js';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

type Reply = (response: ServerResponse) => void;

/** A local GatewayAPI: answers each request with the next reply queued, and keeps what it received. */
let gateway: Server;
let gatewayUrl: string;
const received: Received[] = [];
const replies: Reply[] = [];
const held: ServerResponse[] = [];

function json(status: number, body: unknown): Reply {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  gateway = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const reply = replies.shift();
      if (reply) reply(response);
      else held.push(response); // never answered: the adapter's time limit must end the wait
    });
  });
  gatewayUrl = await listenLocally(gateway);
});

afterAll(async () => {
  const closed = new Promise<void>((resolve) => gateway.close(() => resolve()));
  gateway.closeAllConnections();
  await closed;
});

beforeEach(() => {
  received.length = 0;
  replies.length = 0;
});

function gatewayApi(timeoutMs = 5_000): SmsGateway {
  return createGatewayApiGateway({ token: 'test-token-123', url: `${gatewayUrl}/`, sender: 'Klinik', timeoutMs, logger: pino({ enabled: false }) });
}

const reminder: SmsMessage = {
  to: '+4520123456',
  text: 'Påmindelse: din tid hos Klinik Ærø er i morgen kl. 10:00. Mvh. Søren & Åse',
  reference: 'job-6650f0c2a1b2c3d4e5f60718',
};

describe('GatewayAPI', () => {
  it('sends one SMS as GatewayAPI expects it, and keeps the message id it answers', async () => {
    replies.push(json(200, { ids: [421332671], usage: { countries: { DK: 1 }, currency: 'DKK', total_cost: 0.12 } }));
    await expect(gatewayApi().send(reminder)).resolves.toEqual({ status: 'sent', providerId: '421332671' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/rest/mtsms', authorization: 'Token test-token-123' });
    expect(request!.contentType).toMatch(/^application\/json/);
    // Danish letters are in the GSM alphabet: no Unicode encoding (which would halve the length of one SMS).
    expect(request!.body).toEqual({ sender: 'Klinik', message: reminder.text, recipients: [{ msisdn: 4520123456 }], userref: reminder.reference });
  });

  it('asks for UCS2 only when the text has a character outside the GSM alphabet', async () => {
    replies.push(json(200, { ids: [1] }), json(200, { ids: [2] }), json(200, { ids: [3] }));
    await gatewayApi().send({ ...reminder, text: 'Hej Łukasz, vi ses i morgen' });
    await gatewayApi().send({ ...reminder, text: 'Tak for i dag 👋' });
    await gatewayApi().send({ ...reminder, text: 'Pris: 450 € [inkl. moms] ~ {ok}' });
    expect(received.map((request) => request.body.encoding)).toEqual(['UCS2', 'UCS2', undefined]);
    expect(isGsm7('æøå ÆØÅ é ü ß @ £ $ ¥ § ¿ ¡ € ^ | \\')).toBe(true);
    expect(isGsm7('ç')).toBe(false);
    expect(isGsm7('–')).toBe(false); // an en dash, as word processors write it
  });

  it('rejects, without retrying, a recipient GatewayAPI calls invalid or blacklisted', async () => {
    replies.push(json(400, { code: '0x0308', incident_uuid: 'd8127429-fa0c-4316-b1f2-e610c3958f43', message: 'Invalid MSISDN: %1', variables: ['4520123456'] }));
    await expect(gatewayApi().send(reminder)).resolves.toEqual({ status: 'rejected', reason: messageSkipReasons.notSmsCapable });
    replies.push(json(422, { code: '0x0215', message: 'MSISDN %1 blacklisted', variables: ['4520123456'] }));
    await expect(gatewayApi().send(reminder)).resolves.toEqual({ status: 'rejected', reason: messageSkipReasons.notSmsCapable });
  });

  it('never asks GatewayAPI about a recipient that is not an E.164 number', async () => {
    for (const to of ['20123456', '+45', '', '+4520123456; DROP']) {
      await expect(gatewayApi().send({ ...reminder, to })).resolves.toEqual({ status: 'rejected', reason: messageSkipReasons.notSmsCapable });
    }
    expect(received).toHaveLength(0);
  });

  it('throws a transient error for anything that may pass: a misconfiguration, a rate limit, a server error', async () => {
    const cases: [Reply, RegExp][] = [
      [json(401, { code: '0x0223', message: 'Invalid Consumer Key' }), /refused the request \(401 \(0x0223\)\)/],
      [json(403, { code: '0x0216', message: 'Insufficient credit' }), /refused the request \(403 \(0x0216\)\)/],
      [json(403, { code: '0x0213', message: 'Unauthorized IP-address: %1', variables: ['1.2.3.4'] }), /403/],
      // A temporary blacklist names the MSISDN, but passes.
      [json(400, { code: '0x0214', message: 'Temporary blacklist for MSISDN %1 with hash %2', variables: ['4520123456', 'abc'] }), /answered 400 \(0x0214\)/],
      // Bad input that is ours, not the number's (the sender name).
      [json(400, { code: '0x0308', message: 'Invalid sender: %1', variables: ['Klinik'] }), /answered 400/],
      [json(429, {}), /answered 429/],
      [json(500, { message: 'Internal error', incident_uuid: 'x' }), /answered 500/],
      [(response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'), /answered 502/],
    ];
    for (const [reply, message] of cases) {
      replies.push(reply);
      const error = await gatewayApi()
        .send(reminder)
        .then(() => null, (thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SmsTransientError);
      expect((error as Error).message).toMatch(message);
      // The error names neither the number nor the text (it ends up in logs and in the job's reason).
      expect((error as Error).message).not.toMatch(/20123456|Påmindelse/);
    }
    expect(received).toHaveLength(cases.length);
  });

  it('throws a transient error when GatewayAPI does not answer in time, or cannot be reached', async () => {
    const slow = gatewayApi(150).send(reminder);
    await expect(slow).rejects.toBeInstanceOf(SmsTransientError);
    await expect(slow).rejects.toThrow('GatewayAPI did not answer within 150 ms');
    expect(received).toHaveLength(1);
    for (const response of held.splice(0)) response.destroy();

    // A port nobody listens on.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = createGatewayApiGateway({ token: 't', url: `http://127.0.0.1:${closedPort}`, sender: 'Klinik' }).send(reminder);
    await expect(unreachable).rejects.toBeInstanceOf(SmsTransientError);
    await expect(unreachable).rejects.toThrow('GatewayAPI could not be reached');
  });
});

describe('the development outbox and the choice of gateway', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ smsProvider: 'outbox' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps one SMS per reference, however often and however concurrently it is sent', async () => {
    const sms = t.api.services.sms;
    expect(sms.kind).toBe('outbox');
    const message: SmsMessage = { to: '+4520123456', text: 'Din tid <i morgen> kl. 10:00 – se https://klinik.test/b/1', reference: 'job-outbox-1' };
    await expect(sms.send(message)).resolves.toEqual({ status: 'sent', providerId: 'job-outbox-1' });
    // A retry after a lost answer, and two workers at once: still the one SMS, as first stored.
    const again = await Promise.all([sms.send({ ...message, text: 'second' }), sms.send({ ...message, text: 'third' })]);
    expect(again).toEqual([
      { status: 'sent', providerId: 'job-outbox-1' },
      { status: 'sent', providerId: 'job-outbox-1' },
    ]);
    const stored = await t.models.OutboxSms.find({ _id: 'job-outbox-1' }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ to: '+4520123456', text: message.text });

    await expect(sms.send({ ...message, to: '20123456', reference: 'job-outbox-2' })).resolves.toEqual({
      status: 'rejected',
      reason: messageSkipReasons.notSmsCapable,
    });
    expect(await t.models.OutboxSms.countDocuments({ _id: 'job-outbox-2' })).toBe(0);

    const origin = t.url.replace(/\/api$/, '');
    const listed = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as { sms: unknown[]; mails: unknown[] };
    expect(listed.sms).toEqual([{ to: '+4520123456', text: message.text, reference: 'job-outbox-1', createdAt: expect.any(Number) as unknown }]);
    expect(Array.isArray(listed.mails)).toBe(true);
    const page = await (await fetch(`${origin}/dev/outbox`)).text();
    expect(page).toContain('<h2 id="sms">SMS</h2>');
    expect(page).toContain('Din tid &#60;i morgen&#62; kl. 10:00');
    expect(page).toContain('<a href="https://klinik.test/b/1">');
  });

  it('chooses GatewayAPI or no provider by configuration; without one every SMS fails as transient', async () => {
    const logger = pino({ enabled: false });
    const models = t.api.services.models;
    const configured = createSmsGateway(testConfig({ smsProvider: 'gatewayapi', gatewayapi: { token: 'tok', url: gatewayUrl }, smsSender: 'Klinik' }), models, logger);
    expect(configured.kind).toBe('gatewayapi');
    replies.push(json(200, { ids: [7] }));
    await expect(configured.send(reminder)).resolves.toEqual({ status: 'sent', providerId: '7' });
    expect(received[0]?.authorization).toBe('Token tok');

    const none = createSmsGateway(testConfig({ smsProvider: 'none' }), models, logger);
    expect(none.kind).toBe('none');
    await expect(none.send(reminder)).rejects.toThrow(new SmsTransientError('Ingen SMS-udbyder er sat op'));
  });

  it('serves no outbox, and no outbox.json, in production', async () => {
    const production = await startTestApi({ production: true, devRoutes: true, paymentsProvider: 'none', smsProvider: 'none' });
    try {
      const origin = production.url.replace(/\/api$/, '');
      expect((await fetch(`${origin}/dev/outbox.json`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the parts an SMS is sent and billed in', () => {
  it('counts GSM septets (an extension character takes two) and UCS-2 code units', () => {
    expect([smsParts('a'.repeat(160)), smsParts('a'.repeat(161)), smsParts('a'.repeat(306)), smsParts('a'.repeat(307))]).toEqual([1, 2, 2, 3]);
    expect([smsParts('æøå'.repeat(53) + 'Æ'), smsParts('€'.repeat(80)), smsParts('€'.repeat(81))]).toEqual([1, 1, 2]);
    // One character outside the alphabet sends the whole text as UCS-2: 70 a part, 67 in a longer one.
    expect([smsParts('…'.repeat(70)), smsParts('…'.repeat(71)), smsParts('😀'.repeat(35)), smsParts('😀'.repeat(36))]).toEqual([1, 2, 1, 2]);
  });
});
