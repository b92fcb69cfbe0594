/**
 * Newsletters (spec 2, Newsletter; §7 Newsletters): a therapist's own, the owner all of the clinic's (the
 * model's owner rule). Sending records a NewsletterSend with a snapshot of the text and makes one message job per
 * recipient at once (prepareSend), so the answer tells how many it goes to; the runner sends them.
 *
 * Design decision (docs/decisions/0031-where-klinik-differs-from-the-spec.md): the spec's send actions carry the
 * newsletter's name and description; ours carry its id, so what is sent is what the clinic saved and sanitised,
 * never text from the body.
 */
import { Types } from 'mongoose';
import { CAPS, contactMessages as M, type Newsletter, type NewsletterClient, type NewsletterSend, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { NewsletterDoc, NewsletterSendDoc } from '../../models/index.js';
import { assertBelowCap } from '../caps.js';
import { sanitizeDescription } from '../courses/courses.js';
import { escapeRegex, nameWordsFilter } from '../search.js';
import { finishSendIfDone, prepareSend } from './planner.js';

type Counts = { sent: number; skipped: number; failed: number; pending: number };

async function sendCounts(ctx: TherapistContext, sendIds: Types.ObjectId[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (sendIds.length === 0) return counts;
  const rows = await ctx.db.clinic('message-planning').MessageJob.aggregate<{ _id: { ref: Types.ObjectId; state: keyof Counts }; n: number }>([
    { $match: { ref: { $in: sendIds } } },
    { $group: { _id: { ref: '$ref', state: '$state' }, n: { $sum: 1 } } },
  ]);
  for (const row of rows) {
    const key = row._id.ref.toHexString();
    const entry = counts.get(key) ?? { sent: 0, skipped: 0, failed: 0, pending: 0 };
    entry[row._id.state] = row.n;
    counts.set(key, entry);
  }
  return counts;
}

async function sendViews(ctx: TherapistContext, sends: NewsletterSendDoc[]): Promise<NewsletterSend[]> {
  const counts = await sendCounts(ctx, sends.map((send) => send._id));
  const views: NewsletterSend[] = [];
  for (const send of sends) {
    const count = counts.get(send._id.toHexString()) ?? { sent: 0, skipped: 0, failed: 0, pending: 0 };
    let state = send.state;
    let finishedAt = send.finishedAt ?? null;
    // Finished since the planner last looked: say so now (and record it; idempotent).
    if (state === 'sending' && count.pending === 0 && (await finishSendIfDone(ctx.db, send._id, ctx.now()))) {
      state = 'done';
      finishedAt = ctx.now();
    }
    views.push({
      id: send._id.toHexString(),
      newsletterId: send.newsletterId.toHexString(),
      subject: send.subject,
      audience: send.audience,
      state,
      recipients: send.recipients,
      sent: count.sent,
      skipped: count.skipped,
      failed: count.failed,
      createdAt: send.createdAt,
      finishedAt,
      therapistName: send.therapistName,
    });
  }
  return views;
}

function newsletterView(ctx: TherapistContext, doc: NewsletterDoc, lastSend: NewsletterSend | null): Newsletter {
  return {
    id: doc._id.toHexString(),
    subject: doc.subject,
    message: doc.message,
    therapistId: doc.therapistId.toHexString(),
    createdAt: doc.createdAt ?? 0,
    updatedAt: doc.updatedAt ?? 0,
    lastSend,
    isEdit: ctx.isOwner || doc.therapistId.equals(ctx.therapist._id),
  };
}

async function latestSends(ctx: TherapistContext, newsletterIds: Types.ObjectId[]): Promise<Map<string, NewsletterSend>> {
  if (newsletterIds.length === 0) return new Map();
  const sends = (await ctx.db.NewsletterSend.find({ newsletterId: { $in: newsletterIds } }).sort({ createdAt: -1 }).lean()) as NewsletterSendDoc[];
  const latest = new Map<string, NewsletterSendDoc>();
  for (const send of sends) if (!latest.has(send.newsletterId.toHexString())) latest.set(send.newsletterId.toHexString(), send);
  const views = await sendViews(ctx, [...latest.values()]);
  return new Map(views.map((view) => [view.newsletterId, view]));
}

export async function listNewsletters(ctx: TherapistContext): Promise<Newsletter[]> {
  const docs = (await ctx.db.Newsletter.find({}).sort({ createdAt: -1 }).lean()) as NewsletterDoc[];
  const sends = await latestSends(ctx, docs.map((doc) => doc._id));
  return docs.map((doc) => newsletterView(ctx, doc, sends.get(doc._id.toHexString()) ?? null));
}

async function findNewsletter(ctx: TherapistContext, id: string): Promise<NewsletterDoc> {
  const doc = (await ctx.db.Newsletter.findById(id).lean()) as NewsletterDoc | null;
  if (!doc) throw new NotFoundError(M.newsletterNotFound);
  return doc;
}

function cleanMessage(message: string): string {
  const clean = sanitizeDescription(message);
  if (clean.replace(/<[^>]*>/g, '').trim().length === 0) throw new ValidationError(M.messageRequired);
  return clean;
}

export async function addNewsletter(ctx: TherapistContext, input: ParsedInput<'addNewsletter'>): Promise<Newsletter> {
  const message = cleanMessage(input.message);
  await assertBelowCap(() => ctx.db.Newsletter.countDocuments({ therapistId: ctx.therapist._id }), CAPS.newslettersPerTherapist, 'nyhedsbreve');
  const [doc] = await ctx.db.Newsletter.create([{ therapistId: ctx.therapist._id, subject: input.subject, message }]);
  return newsletterView(ctx, doc!.toObject<NewsletterDoc>(), null);
}

export async function setNewsletter(ctx: TherapistContext, input: ParsedInput<'setNewsletter'>): Promise<Newsletter> {
  const doc = await findNewsletter(ctx, input.id);
  const message = cleanMessage(input.message);
  await ctx.db.Newsletter.updateOne({ _id: doc._id }, { $set: { subject: input.subject, message, updatedAt: ctx.now() } });
  const sends = await latestSends(ctx, [doc._id]);
  return newsletterView(ctx, { ...doc, subject: input.subject, message, updatedAt: ctx.now() }, sends.get(input.id) ?? null);
}

export async function deleteNewsletter(ctx: TherapistContext, id: string): Promise<void> {
  const doc = await findNewsletter(ctx, id);
  await ctx.db.Newsletter.deleteOne({ _id: doc._id });
}

/** Records a sending and its jobs; `clientIds` for a selection (already checked to be the caller's). */
async function startSend(ctx: TherapistContext, doc: NewsletterDoc, audience: 'all' | 'selection', clientIds: Types.ObjectId[]): Promise<NewsletterSend> {
  if (await ctx.db.NewsletterSend.exists({ newsletterId: doc._id, state: { $in: ['preparing', 'sending'] } })) throw new ConflictError(M.sendAlreadyRunning);
  // A cap per clinic and day on sendings (config: newsletterSend:company), so a stolen session cannot spam.
  await ctx.services.limiter.consume('newsletterSend:company', ctx.companyId);
  const [created] = await ctx.db.NewsletterSend.create([
    {
      therapistId: ctx.therapist._id,
      therapistName: `${ctx.therapist.nameFirst} ${ctx.therapist.nameLast}`.trim(),
      newsletterId: doc._id,
      subject: doc.subject,
      html: doc.message,
      audience,
      byOwner: ctx.isOwner,
      clientIds,
      state: 'preparing',
    },
  ]);
  const send = created!.toObject<NewsletterSendDoc>();
  send.recipients = await prepareSend(ctx.db, send, ctx.now());
  send.state = 'sending';
  ctx.services.logger.info({ sendId: send._id, recipients: send.recipients }, 'newsletter sending started');
  const [view] = await sendViews(ctx, [send]);
  return view!;
}

/** Who 'all' reaches: the caller's clients (the owner: the clinic's) with newsletter on and an e-mail. */
const REACHABLE = { newsletter: true, email: { $nin: ['', null] } } as const;

export async function sendToAll(ctx: TherapistContext, id: string): Promise<NewsletterSend> {
  const doc = await findNewsletter(ctx, id);
  if (!(await ctx.db.Client.exists(REACHABLE))) throw new ValidationError(M.noRecipients);
  return startSend(ctx, doc, 'all', []);
}

export async function sendToSelection(ctx: TherapistContext, input: ParsedInput<'sendNewsletterToSelection'>): Promise<NewsletterSend> {
  const doc = await findNewsletter(ctx, input.id);
  const ids = [...new Set(input.clientIds)].map((value) => new Types.ObjectId(value));
  // Every id must be one of the caller's clients: another clinic's (or a colleague's, for a therapist) is refused.
  const found = await ctx.db.Client.countDocuments({ _id: { $in: ids } });
  if (found !== ids.length) throw new ValidationError(M.selectionUnknown);
  return startSend(ctx, doc, 'selection', ids);
}

export async function listSends(ctx: TherapistContext, newsletterId: string | undefined): Promise<NewsletterSend[]> {
  const filter = newsletterId ? { newsletterId: new Types.ObjectId(newsletterId) } : {};
  const sends = (await ctx.db.NewsletterSend.find(filter).sort({ createdAt: -1 }).limit(20).lean()) as NewsletterSendDoc[];
  return sendViews(ctx, sends);
}

export async function newsletterClients(ctx: TherapistContext, input: ParsedInput<'getClientsFromTherapistNewsletterList'>): Promise<{ data: NewsletterClient[]; total: number }> {
  const filter: Record<string, unknown> = { ...REACHABLE };
  if (input.search) filter.$or = [nameWordsFilter(input.search), { email: { $regex: escapeRegex(input.search), $options: 'i' } }];
  const [total, clients] = await Promise.all([
    ctx.db.Client.countDocuments(filter),
    ctx.db.Client.find(filter, { nameFirst: 1, nameLast: 1, email: 1 })
      .sort({ nameFirst: 1, nameLast: 1, _id: 1 })
      .skip((input.page - 1) * input.size)
      .limit(input.size)
      .lean(),
  ]);
  return { total, data: clients.map((client) => ({ id: client._id.toHexString(), nameFirst: client.nameFirst, nameLast: client.nameLast ?? '', email: client.email ?? '' })) };
}
