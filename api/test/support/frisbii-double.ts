/**
 * A Frisbii (Reepay)-shaped payment service for the production adapter's test: a real HTTP server with the provider's
 * paths, basic-auth key check, object shapes, states and documented refusals (a declined card's `transaction_error`,
 * a second settle of a handle, unknown handles 404), its cursor lists, and signed webhooks posted to the API after each
 * change, the way the provider sends them (`signature` = HMAC-SHA256 of `timestamp + id`, where `id` is the webhook's
 * own and `event_id` the event's), with the records a receiver reads them back by: GET /v1/webhook/{id} (the webhooks
 * sent, each naming its `event`) and GET /v1/event/{id} (`event_type`, `customer`, `subscription` handle, `invoice` id,
 * `created`). What happens on the hosted checkout page is done by `completeSession` (the customer paying there).
 *
 * It exists because the real service is paid and remote; what it pins is the wire contract the adapter relies on
 * (api/src/adapters/payments/frisbii/provider.ts lists it). Every request is recorded for the test to read.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { copenhagenWallTime } from '@klinik/core';
import { listenLocally } from './local-server.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  authorized: boolean;
}

interface Card {
  id: string;
  state: 'active';
  customer: string;
  masked_card: string;
  fingerprint: string;
  exp_date: string;
  declines: boolean;
}
interface Invoice {
  id: string;
  handle: string;
  customer: string;
  subscription: string | null;
  plan: string | null;
  state: 'settled' | 'dunning' | 'failed';
  amount: number;
  amount_vat: number;
  amount_ex_vat: number;
  created: string;
  order_lines: { ordertext: string; amount: number }[];
  transactions: { card_transaction: { card: string; masked_card: string } }[];
}
interface Subscription {
  handle: string;
  customer: string;
  plan: string;
  state: 'active' | 'expired';
  is_cancelled: boolean;
  dunning_invoices: number;
  created: string;
  current_period_start: string;
  next_period_start: string;
  expires: string | null;
  card: string;
  amount: number;
  /** False while it waits for a later `start_date` (nothing invoiced yet); true once its first period began. */
  has_started: boolean;
  start_date: string;
  first_period_start: string;
}

export interface FrisbiiDouble {
  apiUrl: string;
  checkoutUrl: string;
  requests: RecordedRequest[];
  sessions: Map<string, { path: string; body: Record<string, unknown> }>;
  /** Where webhooks go (the API's /webhooks/payments), and the secret they are signed with. */
  deliverTo(url: string): void;
  /** A card the customer saved earlier; `declines` makes every charge on it refused by the acquirer. */
  addCard(customer: string, options?: { declines?: boolean; masked?: string }): string;
  /** The customer pays on the hosted page of session `id` with a new card; answers the accept URL the browser is sent to. */
  completeSession(id: string): Promise<string>;
  /** The next renewal of a subscription fails: a dunning invoice, then (`giveUp`) the subscription expires. */
  failRenewal(handle: string): Promise<void>;
  giveUp(handle: string): Promise<void>;
  /** The provider's clock reaches a later-starting subscription's start date: its first period is invoiced. */
  reachStart(handle: string): Promise<void>;
  /** The next `count` calls answer 500. */
  breakFor(count: number): void;
  /** Every webhook sent so far, as sent (to replay one); the API's status (0 while held or in flight) and outcome. */
  webhooks: { body: string; answered: number; outcome?: string }[];
  /** While held, webhooks are recorded (and readable at the provider) but not posted: the test posts them itself. */
  holdWebhooks(held: boolean): void;
  /** Resolves once every webhook sent so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const PLAN_TEXT: Record<string, string> = { pro: 'Pro abonnement', drive: 'Cloud-drev' };
const MONTH = 30 * 24 * 3600_000;

export async function startFrisbiiDouble(privateKey: string, webhookSecret: string, now: () => number): Promise<FrisbiiDouble> {
  const customers = new Map<string, { handle: string; email: string; company: string }>();
  const cards = new Map<string, Card>();
  const invoices = new Map<string, Invoice>();
  const subscriptions = new Map<string, Subscription>();
  const sessions = new Map<string, { path: string; body: Record<string, unknown> }>();
  const requests: RecordedRequest[] = [];
  const webhooks: { body: string; answered: number; outcome?: string }[] = [];
  const events = new Map<string, { id: string; created: string; event_type: string; customer: string; subscription?: string; invoice?: string }>();
  const webhookRecords = new Map<string, { id: string; event: string; state: string; url: string; content: string; created: string; count: number }>();
  const pending = new Set<Promise<void>>();
  let webhookUrl = '';
  let held = false;
  let broken = 0;
  let sequence = 0;
  const next = (prefix: string) => `${prefix}${(++sequence).toString(36).padStart(6, '0')}`;
  const iso = (ms = now()) => new Date(ms).toISOString();

  /** An event as the provider records it, and its webhook: the webhook names the invoice by handle, the event by id. */
  function emit(event_type: string, fields: { customer: string; subscription?: string; invoice?: string; payment_method?: string }) {
    const event = {
      id: next('ev_'),
      created: iso(),
      event_type,
      customer: fields.customer,
      ...(fields.subscription ? { subscription: fields.subscription } : {}),
      ...(fields.invoice ? { invoice: invoices.get(fields.invoice)!.id } : {}),
    };
    events.set(event.id, event);
    const id = next('wh_');
    const timestamp = iso();
    const signature = createHmac('sha256', webhookSecret).update(timestamp + id).digest('hex');
    const body = JSON.stringify({ id, event_id: event.id, event_type, timestamp, signature, ...fields });
    webhookRecords.set(id, { id, event: event.id, state: 'pending', url: webhookUrl, content: body, created: timestamp, count: 0 });
    const record: { body: string; answered: number; outcome?: string } = { body, answered: 0 };
    webhooks.push(record);
    if (!webhookUrl || held) return;
    const delivery = fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      .then(async (response) => {
        record.answered = response.status;
        record.outcome = ((await response.json().catch(() => null)) as { outcome?: string } | null)?.outcome;
      })
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  function invoiceFor(customer: string, handle: string, card: Card, lines: { ordertext: string; amount: number; vat?: number; amount_incl_vat?: boolean }[], subscription: Subscription | null, state: Invoice['state'] = 'settled'): Invoice {
    const exVat = lines.reduce((sum, line) => sum + line.amount, 0);
    const vat = Math.round(exVat * 0.25);
    const invoice: Invoice = {
      id: next('inv'),
      handle,
      customer,
      subscription: subscription?.handle ?? null,
      plan: subscription?.plan ?? null,
      state,
      amount: exVat + vat,
      amount_vat: vat,
      amount_ex_vat: exVat,
      created: iso(),
      order_lines: lines.map((line) => ({ ordertext: line.ordertext, amount: Math.round(line.amount * 1.25) })),
      transactions: [{ card_transaction: { card: card.id, masked_card: card.masked_card } }],
    };
    invoices.set(handle, invoice);
    return invoice;
  }

  const declined = { status: 400, body: { code: 105, error: 'Transaction declined', transaction_error: 'declined_by_acquirer', http_status: 400 } };

  /** `yyyy-MM-ddTHH:mm:ss` read in the account's time zone (Europe/Copenhagen), as the provider reads `start_date`. */
  function startDate(value: unknown): number | null {
    const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(value) : null;
    if (!match) return null;
    return copenhagenWallTime(Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4]), Number(match[5])) + Number(match[6]) * 1000;
  }

  function firstInvoice(subscription: Subscription, card: Card): Invoice {
    const invoice = invoiceFor(subscription.customer, `inv-${subscription.handle}-1`, card, [{ ordertext: PLAN_TEXT[subscription.plan] ?? subscription.plan, amount: subscription.amount }], subscription);
    return invoice;
  }

  function startSubscription(body: Record<string, unknown>, card: Card): Subscription {
    const later = startDate(body.start_date);
    if (later !== null && later > now()) {
      // Not eligible for its first period yet: created without an invoice (conditional_create does not apply).
      const waiting: Subscription = {
        handle: String(body.handle),
        customer: String(body.customer),
        plan: String(body.plan),
        state: 'active',
        is_cancelled: false,
        dunning_invoices: 0,
        created: iso(),
        current_period_start: '',
        next_period_start: iso(later),
        expires: null,
        card: card.id,
        amount: Number(body.amount),
        has_started: false,
        start_date: iso(later),
        first_period_start: iso(later),
      };
      subscriptions.set(waiting.handle, waiting);
      emit('subscription_created', { customer: waiting.customer, subscription: waiting.handle });
      return waiting;
    }
    const start = now();
    const subscription: Subscription = {
      handle: String(body.handle),
      customer: String(body.customer),
      plan: String(body.plan),
      state: 'active',
      is_cancelled: false,
      dunning_invoices: 0,
      created: iso(start),
      current_period_start: iso(start),
      next_period_start: iso(start + MONTH),
      expires: null,
      card: card.id,
      amount: Number(body.amount),
      has_started: true,
      start_date: iso(start),
      first_period_start: iso(start),
    };
    subscriptions.set(subscription.handle, subscription);
    const invoice = firstInvoice(subscription, card);
    emit('subscription_created', { customer: subscription.customer, subscription: subscription.handle });
    emit('invoice_settled', { customer: subscription.customer, subscription: subscription.handle, invoice: invoice.handle });
    return subscription;
  }

  type Answer = { status: number; body: unknown };
  function route(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): Answer {
    const ok = (value: unknown): Answer => ({ status: 200, body: value });
    const notFound: Answer = { status: 404, body: { code: 2, error: 'Not found', http_status: 404 } };
    let match: RegExpMatchArray | null;

    if (method === 'POST' && (match = path.match(/^\/checkout\/v1\/session\/(charge|subscription|recurring)$/))) {
      const id = next('cs_');
      sessions.set(id, { path: match[1]!, body });
      return ok({ id, url: `https://checkout.reepay.com/#/${id}` });
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/customer\/([^/]+)$/))) {
      const customer = customers.get(decodeURIComponent(match[1]!));
      return customer ? ok(customer) : notFound;
    }
    if (method === 'POST' && path === '/api/v1/customer') {
      if (customers.has(String(body.handle))) return { status: 400, body: { code: 3, error: 'Duplicate handle', http_status: 400 } };
      const customer = { handle: text(body.handle), email: text(body.email), company: text(body.company) };
      customers.set(customer.handle, customer);
      // An event the product does not use, sent like every other.
      emit('customer_created', { customer: customer.handle });
      return ok(customer);
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/event\/([^/]+)$/))) {
      const event = events.get(decodeURIComponent(match[1]!));
      return event ? ok(event) : notFound;
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/webhook\/([^/]+)$/))) {
      // A webhook id or an event id: the webhooks sent for it.
      const id = decodeURIComponent(match[1]!);
      const found = [...webhookRecords.values()].filter((record) => record.id === id || record.event === id);
      return found.length > 0 ? ok(found) : notFound;
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/customer\/([^/]+)\/payment_method$/))) {
      const customer = decodeURIComponent(match[1]!);
      if (!customers.has(customer)) return notFound;
      return ok({ cards: [...cards.values()].filter((card) => card.customer === customer) });
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/customer\/([^/]+)\/payment_method\/card\/([^/]+)$/))) {
      const card = cards.get(decodeURIComponent(match[2]!));
      return card && card.customer === decodeURIComponent(match[1]!) ? ok(card) : notFound;
    }
    if (method === 'POST' && path === '/api/v1/charge') {
      const existing = invoices.get(String(body.handle));
      if (existing?.state === 'settled') return { status: 400, body: { code: 79, error: 'Invoice already settled', http_status: 400 } };
      const card = cards.get(String(body.source));
      if (!card || card.customer !== body.customer_handle) return { status: 400, body: { code: 41, error: 'Payment method not found', http_status: 400 } };
      if (card.declines) return declined;
      const invoice = invoiceFor(card.customer, String(body.handle), card, body.order_lines as never, null);
      emit('invoice_settled', { customer: card.customer, invoice: invoice.handle });
      return ok({ ...invoice, source: { card: card.id, masked_card: card.masked_card } });
    }
    if (method === 'GET' && (match = path.match(/^\/api\/v1\/(charge|invoice)\/([^/]+)$/))) {
      // By handle or by the invoice's id.
      const wanted = decodeURIComponent(match[2]!);
      const invoice = invoices.get(wanted) ?? [...invoices.values()].find((candidate) => candidate.id === wanted);
      return invoice ? ok(invoice) : notFound;
    }
    if (method === 'POST' && path === '/api/v1/subscription') {
      if (subscriptions.has(String(body.handle))) return { status: 400, body: { code: 3, error: 'Duplicate handle', http_status: 400 } };
      const card = cards.get(String(body.source));
      if (!card || card.customer !== body.customer) return { status: 400, body: { code: 41, error: 'Payment method not found', http_status: 400 } };
      // A later start date invoices nothing now, so a card that declines is only found out at the start.
      const later = startDate(body.start_date);
      if (card.declines && !(later !== null && later > now())) return declined;
      return ok(startSubscription(body, card));
    }
    if ((match = path.match(/^\/api\/v1\/subscription\/([^/]+)(?:\/(cancel|uncancel|payment_method))?$/))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1]!));
      if (!subscription) return notFound;
      const action = match[2];
      if (method === 'GET' && !action) return ok(subscription);
      if (method === 'GET' && action === 'payment_method') return ok({ cards: [cards.get(subscription.card)] });
      if (method === 'POST' && action === 'cancel') {
        subscription.is_cancelled = true;
        subscription.expires = subscription.next_period_start;
        emit('subscription_cancelled', { customer: subscription.customer, subscription: subscription.handle });
        return ok(subscription);
      }
      if (method === 'POST' && action === 'uncancel') {
        subscription.is_cancelled = false;
        subscription.expires = null;
        emit('subscription_uncancelled', { customer: subscription.customer, subscription: subscription.handle });
        return ok(subscription);
      }
      if (method === 'POST' && action === 'payment_method') {
        const card = cards.get(String(body.source));
        if (!card || card.customer !== subscription.customer) return { status: 400, body: { code: 41, error: 'Payment method not found', http_status: 400 } };
        subscription.card = card.id;
        return ok({ cards: [card] });
      }
    }
    if (method === 'GET' && path === '/api/v1/list/invoice') {
      const all = [...invoices.values()]
        .filter((invoice) => (!query.customer || invoice.customer === query.customer) && (!query.subscription || invoice.subscription === query.subscription))
        .reverse();
      const from = query.next_page_token ? Number(Buffer.from(query.next_page_token, 'base64url').toString()) : 0;
      const size = Number(query.size ?? 20);
      const content = all.slice(from, from + size);
      const more = from + size < all.length;
      return ok({ content, count: content.length, size, next_page_token: more ? Buffer.from(String(from + size)).toString('base64url') : undefined });
    }
    return notFound;
  }

  function addCard(customer: string, options: { declines?: boolean; masked?: string } = {}): string {
    const id = `ca_${randomBytes(16).toString('hex')}`;
    cards.set(id, { id, state: 'active', customer, masked_card: options.masked ?? '457199XXXXXX1234', fingerprint: next('fp'), exp_date: '12-39', declines: options.declines ?? false });
    return id;
  }

  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const authorized = request.headers.authorization === `Basic ${Buffer.from(`${privateKey}:`).toString('base64')}`;
      requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorized });
      let answer: Answer;
      if (!authorized) answer = { status: 401, body: { code: 1, error: 'Unauthorized', http_status: 401 } };
      else if (broken > 0) {
        broken -= 1;
        answer = { status: 500, body: { code: 0, error: 'Internal server error', http_status: 500 } };
      } else answer = route(request.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), body ?? {});
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  const base = await listenLocally(server);

  return {
    apiUrl: `${base}/api`,
    checkoutUrl: `${base}/checkout`,
    requests,
    sessions,
    webhooks,
    deliverTo(url) {
      webhookUrl = url;
    },
    holdWebhooks(hold) {
      held = hold;
    },
    addCard,
    async completeSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const body = session.body;
      const customer = String(
        session.path === 'charge' ? (body.order as Record<string, unknown>).customer_handle : session.path === 'subscription' ? (body.prepare_subscription as Record<string, unknown>).customer : body.customer,
      );
      const cardId = addCard(customer, { masked: '411111XXXXXX1111' });
      emit('customer_payment_method_added', { customer, payment_method: cardId });
      const accept = new URL(String(body.accept_url));
      accept.searchParams.set('id', id);
      accept.searchParams.set('customer', customer);
      if (session.path === 'charge') {
        const order = body.order as { handle: string; order_lines: { ordertext: string; amount: number }[] };
        const invoice = invoiceFor(customer, order.handle, cards.get(cardId)!, order.order_lines, null);
        emit('invoice_settled', { customer, invoice: invoice.handle });
        accept.searchParams.set('invoice', invoice.handle);
      } else if (session.path === 'subscription') {
        const prepared = body.prepare_subscription as Record<string, unknown>;
        const subscription = startSubscription(prepared, cards.get(cardId)!);
        accept.searchParams.set('subscription', subscription.handle);
        if (subscription.has_started) accept.searchParams.set('invoice', `inv-${subscription.handle}-1`);
      } else accept.searchParams.set('payment_method', cardId);
      await settled();
      return accept.toString();
    },
    async failRenewal(handle) {
      const subscription = subscriptions.get(handle)!;
      subscription.dunning_invoices = 1;
      const invoice = invoiceFor(subscription.customer, `inv-${handle}-2`, cards.get(subscription.card)!, [{ ordertext: PLAN_TEXT[subscription.plan] ?? subscription.plan, amount: subscription.amount }], subscription, 'dunning');
      emit('invoice_dunning', { customer: subscription.customer, subscription: handle, invoice: invoice.handle });
      await settled();
    },
    async giveUp(handle) {
      const subscription = subscriptions.get(handle)!;
      subscription.state = 'expired';
      invoices.get(`inv-${handle}-2`)!.state = 'failed';
      emit('subscription_expired', { customer: subscription.customer, subscription: handle });
      await settled();
    },
    async reachStart(handle) {
      const subscription = subscriptions.get(handle)!;
      if (subscription.has_started || subscription.is_cancelled || subscription.state !== 'active') throw new Error(`${handle} is not waiting for its start`);
      const start = Date.parse(subscription.start_date);
      subscription.has_started = true;
      subscription.current_period_start = iso(start);
      subscription.next_period_start = iso(start + MONTH);
      const invoice = firstInvoice(subscription, cards.get(subscription.card)!);
      emit('invoice_settled', { customer: subscription.customer, subscription: handle, invoice: invoice.handle });
      emit('subscription_renewal', { customer: subscription.customer, subscription: handle });
      await settled();
    },
    breakFor(count) {
      broken = count;
    },
    settled,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
