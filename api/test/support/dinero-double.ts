/**
 * A Dinero- and Visma Connect-shaped HTTP service for the production adapter's tests: the token endpoint (codes used
 * once, refresh tokens rotated and used once), the organisation list, contacts and products with `queryFilter` on
 * ExternalReference, invoices and credit notes created as drafts and booked with their Timestamp, and payments added to
 * a booked one with its current Timestamp (which each payment changes). It keeps every request
 * so a test can check what was sent. Shaped on the documented API, not on Dinero's code.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenLocally } from './local-server.js';

export interface DoubleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string;
}

interface Document {
  Guid: string;
  ExternalReference: string;
  Status: 'Draft' | 'Booked';
  TimeStamp: string;
  body: Record<string, unknown>;
  payments: Array<Record<string, unknown>>;
}

export interface DineroDouble {
  url: string;
  requests: DoubleRequest[];
  /** A code the consent page would have sent back. */
  issueCode(): string;
  contacts: Map<string, Record<string, unknown>>;
  products: Map<string, Record<string, unknown>>;
  invoices: Map<string, Document>;
  creditNotes: Map<string, Document>;
  /** The next POST to this path prefix answers this status (once). */
  failNext(pathPrefix: string, status: number): void;
  /**
   * The `nth` POST from now to exactly this path is done (its record made) but never answered, as when the caller's
   * process dies between Dinero's write and its answer; resolves when it has arrived.
   */
  holdPost(path: string, nth: number): Promise<void>;
  close(): Promise<void>;
}

export const DOUBLE_CLIENT = { clientId: 'isv_klinik_test', clientSecret: 'secret-of-the-test-client' };
export const DOUBLE_ORGANIZATION = 4711;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startDineroDouble(): Promise<DineroDouble> {
  const requests: DoubleRequest[] = [];
  const codes = new Set<string>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const contacts = new Map<string, Record<string, unknown>>();
  const products = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Document>();
  const creditNotes = new Map<string, Document>();
  const failures: Array<{ prefix: string; status: number }> = [];
  const holds: Array<{ path: string; left: number; arrived: () => void }> = [];

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const text = await readBody(request);
      const form = request.headers['content-type']?.includes('x-www-form-urlencoded');
      const body: unknown = form ? Object.fromEntries(new URLSearchParams(text)) : text ? JSON.parse(text) : null;
      const entry: DoubleRequest = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorization: request.headers.authorization ?? '' };
      requests.push(entry);
      const hold = holds.find((candidate) => entry.method === 'POST' && entry.path === candidate.path && --candidate.left === 0);
      if (hold) holds.splice(holds.indexOf(hold), 1);
      const answer = (status: number, json: unknown) => {
        if (hold) return hold.arrived();
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const failure = failures.findIndex((candidate) => entry.method === 'POST' && entry.path.startsWith(candidate.prefix));
      if (failure >= 0) {
        const [removed] = failures.splice(failure, 1);
        return answer(removed!.status, { message: 'refused by the double' });
      }

      if (entry.path === '/connect/token') {
        const fields = body as Record<string, string>;
        if (fields.client_id !== DOUBLE_CLIENT.clientId || fields.client_secret !== DOUBLE_CLIENT.clientSecret) return answer(401, { error: 'invalid_client' });
        let valid = false;
        if (fields.grant_type === 'authorization_code') valid = codes.delete(fields.code ?? '') && Boolean(fields.redirect_uri);
        if (fields.grant_type === 'refresh_token') valid = refreshTokens.delete(fields.refresh_token ?? '');
        if (!valid) return answer(400, { error: 'invalid_grant' });
        const access = `at-${randomUUID()}`;
        const refresh = `rt-${randomUUID()}`;
        accessTokens.add(access);
        refreshTokens.add(refresh);
        return answer(200, { access_token: access, expires_in: 3600, token_type: 'Bearer', refresh_token: refresh, scope: 'dineropublicapi:read dineropublicapi:write offline_access' });
      }
      if (!accessTokens.has(entry.authorization.replace(/^Bearer /, ''))) return answer(401, { message: 'Unauthorized' });
      if (entry.path === '/v1/organizations') return answer(200, [{ Id: DOUBLE_ORGANIZATION, Name: 'Klinik Holm', IsPro: true }]);

      const base = `/v1/${DOUBLE_ORGANIZATION}`;
      const reference = /^ExternalReference eq '([^']+)'$/.exec(entry.query.queryFilter ?? '')?.[1];
      const list = <T extends Record<string, unknown>>(rows: Iterable<T>, field: string) =>
        answer(200, { Collection: [...rows].filter((row) => row.ExternalReference === reference).map((row) => ({ [field]: row[field], Status: row.Status, TimeStamp: row.TimeStamp })), Pagination: {} });
      if (entry.path === `${base}/contacts` || entry.path === `${base}/products`) {
        const store = entry.path.endsWith('contacts') ? contacts : products;
        const field = entry.path.endsWith('contacts') ? 'ContactGuid' : 'ProductGuid';
        if (entry.method === 'GET') return list(store.values(), field);
        const guid = randomUUID();
        store.set(guid, { ...(body as Record<string, unknown>), [field]: guid });
        return answer(201, { [field]: guid });
      }
      for (const [path, store] of [[`${base}/invoices`, invoices], [`${base}/sales/creditnotes`, creditNotes]] as const) {
        if (entry.path === path) {
          if (entry.method === 'GET') return list([...store.values()].map((doc) => ({ ...doc, ExternalReference: doc.ExternalReference })), 'Guid');
          const guid = randomUUID();
          const created = body as Record<string, unknown>;
          store.set(guid, { Guid: guid, ExternalReference: String(created.ExternalReference), Status: 'Draft', TimeStamp: `ts-${guid}`, body: created, payments: [] });
          return answer(201, { Guid: guid, TimeStamp: `ts-${guid}` });
        }
        const book = new RegExp(`^${path}/([^/]+)/book$`).exec(entry.path);
        if (book) {
          const doc = store.get(book[1]!);
          if (!doc || doc.Status !== 'Draft' || (body as { Timestamp?: string }).Timestamp !== doc.TimeStamp) return answer(400, { message: 'cannot book' });
          doc.Status = 'Booked';
          doc.TimeStamp = `ts-${randomUUID()}`;
          return answer(200, { Guid: doc.Guid, TimeStamp: doc.TimeStamp, Number: store.size });
        }
        const read = new RegExp(`^${path}/([^/]+)$`).exec(entry.path);
        if (read && entry.method === 'GET') {
          const doc = store.get(read[1]!);
          return doc ? answer(200, { Guid: doc.Guid, TimeStamp: doc.TimeStamp, Status: doc.Status }) : answer(404, { message: 'not found' });
        }
        const pay = new RegExp(`^${path}/([^/]+)/payments$`).exec(entry.path);
        if (pay) {
          const doc = store.get(pay[1]!);
          if (!doc) return answer(404, { message: 'not found' });
          if (entry.method === 'GET') return answer(200, { Payments: doc.payments.map((payment) => ({ Guid: payment.Guid, ExternalReference: payment.ExternalReference, Amount: payment.Amount })) });
          const fields = body as Record<string, unknown>;
          const valid =
            doc.Status === 'Booked' &&
            fields.Timestamp === doc.TimeStamp &&
            typeof fields.DepositAccountNumber === 'number' &&
            typeof fields.ExternalReference === 'string' &&
            typeof fields.Description === 'string' &&
            /^\d{4}-\d{2}-\d{2}$/.test(String(fields.PaymentDate)) &&
            typeof fields.Amount === 'number' &&
            fields.Amount > 0;
          if (!valid) return answer(400, { message: 'cannot add the payment' });
          doc.payments.push({ ...fields, Guid: randomUUID() });
          doc.TimeStamp = `ts-${randomUUID()}`;
          return answer(200, { Guid: doc.Guid, TimeStamp: doc.TimeStamp });
        }
      }
      answer(404, { message: 'not found' });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  const url = await listenLocally(server);
  return {
    url,
    requests,
    issueCode() {
      const code = `code-${randomUUID()}`;
      codes.add(code);
      return code;
    },
    contacts,
    products,
    invoices,
    creditNotes,
    failNext(prefix, status) {
      failures.push({ prefix, status });
    },
    holdPost(path, nth) {
      return new Promise<void>((arrived) => holds.push({ path, left: nth, arrived }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
