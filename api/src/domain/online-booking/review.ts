/**
 * The therapist's review of what the public pages handed in (PublicSubmission, public-identity.ts and clients/intake.ts):
 * list, accept onto a client (the one chosen, or a new one from the submission's details; a journal request: the
 * client who asked, who is mailed that the clinic sends the journal), or reject. Accepting
 * takes the submission first (a delete by `_id`, which one request wins), does the work, and puts it back if the work
 * is refused (the time taken meanwhile, say), so two accepts never book twice and a refusal loses nothing.
 */
import { Types } from 'mongoose';
import { messages, publicMessages, type ParsedInput, type PublicSubmission } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { journalRequestAcceptedMail } from '../../adapters/mail/templates.js';
import type { TherapistContext } from '../../context.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientDoc, PublicSubmissionDoc } from '../../models/index.js';
import { afterAccept, assertAcceptable, refundBeforeReject } from '../booking-payments/changes.js';
import { createClient } from '../clients/clients.js';
import { MAX_INTAKE_ANSWERS_PER_CLIENT } from '../clients/intake.js';
import { assertMailBudget } from '../contact/outbound.js';
import { joinCourseDay } from '../courses/participants.js';
import { insertEntry } from '../waitlist/entries.js';
import { insertOnlineBooking } from './booking.js';
import { clientByCpr } from './public-identity.js';

export async function listSubmissions(ctx: TherapistContext): Promise<PublicSubmission[]> {
  const rows = await ctx.db.PublicSubmission.find({}).sort({ createdAt: -1 }).limit(500).lean();
  return Promise.all(
    rows.map(async (row) => ({
      id: row._id.toString(),
      kind: row.kind,
      createdAt: row.createdAt,
      person: {
        nameFirst: row.person.nameFirst,
        nameLast: row.person.nameLast,
        CPR6Digit: row.person.CPR6Digit,
        CPRLast4Digit: row.person.CPRLast4Digit,
        email: row.person.email ?? '',
        phonePrivate: row.person.phonePrivate ?? '',
        address: row.person.address ?? '',
        post: row.person.post ?? '',
        town: row.person.town ?? '',
      },
      // By the hash stored with the submission (its CPR number is stored encrypted), as every public CPR match.
      matchingClientId: (await clientByCpr(ctx.db, row.cprKey ?? ''))?._id.toString() ?? null,
      treatmentName: row.treatmentName ?? '',
      from: row.from ?? 0,
      reason: row.reason ?? '',
      eventDateIds: (row.eventDateIds ?? []).map((id) => id.toString()),
      answers: (row.answers ?? []).map((answer) => ({ fieldName: answer.fieldName, value: answer.value ?? '' })),
    })),
  );
}

async function apply(ctx: TherapistContext, submission: PublicSubmissionDoc, client: ClientDoc): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  if (submission.kind === 'booking') {
    const treatment = { _id: submission.treatmentId ?? null, name: submission.treatmentName ?? '', pause: submission.pause };
    // The request's id becomes the booking's: the calendar file mailed to the person named it (booking.ts).
    await insertOnlineBooking(db, { therapistId: submission.therapistId, client, treatment, from: submission.from, to: submission.to, reason: submission.reason, id: submission._id }, now);
  } else if (submission.kind === 'course') {
    const dates = await db.clinic('public-page').EventDate.find({ _id: { $in: submission.eventDateIds } }).lean();
    const courses = new Map((await db.clinic('public-page').Event.find({ _id: { $in: dates.map((date) => date.eventId) } }).lean()).map((course) => [course._id.toString(), course]));
    for (const date of dates) await joinCourseDay(db, date, client, courses.get(date.eventId.toString())?.limit ?? 0);
  } else if (submission.kind === 'waitlist') {
    const wishes = submission.wishes ?? { days: [], fromTime: '', toTime: '' };
    if (!submission.treatmentId) throw new NotFoundError(messages.notFound);
    await insertEntry(
      db,
      { days: [...wishes.days], fromTime: wishes.fromTime ?? '', toTime: wishes.toTime ?? '', therapistId: submission.therapistId, client, treatmentId: submission.treatmentId.toHexString(), source: 'booking-page' },
      now,
    );
  } else if (submission.kind === 'journal-request') {
    // The clinic sends the journal its own safe way (it holds the text; a mail is no place for it): accepting says so.
    if (!client.email) return;
    await assertMailBudget(ctx, 1);
    await sendNotice(ctx.services, journalRequestAcceptedMail(client.email, { clientName: client.nameFirst, clinicName: ctx.company.companyName }), 'journal request');
  } else {
    if ((client.intakeAnswers?.length ?? 0) + submission.answers.length > MAX_INTAKE_ANSWERS_PER_CLIENT) throw new ConflictError(publicMessages.clientTooManyAnswers);
    await db.Client.updateOne({ _id: client._id }, { $push: { intakeAnswers: { $each: submission.answers } } });
  }
}

async function requestingClient(ctx: TherapistContext, submission: PublicSubmissionDoc): Promise<ClientDoc> {
  const client = submission.clientId ? await ctx.db.Client.findById(submission.clientId).lean() : null;
  if (!client) throw new NotFoundError(messages.notFound);
  return client;
}

export async function acceptSubmission(ctx: TherapistContext, input: ParsedInput<'acceptPublicSubmission'>): Promise<{ clientId: string }> {
  const chosen = input.clientId ? await ctx.db.Client.findById(new Types.ObjectId(input.clientId)).lean() : null;
  if (input.clientId && !chosen) throw new NotFoundError(messages.notFound);
  // A request paid at booking is accepted once its payment is settled, and then carries its paid invoice.
  const payment = await assertAcceptable(paymentDeps(ctx), new Types.ObjectId(input.id));
  const submission = await ctx.db.PublicSubmission.findOneAndDelete({ _id: new Types.ObjectId(input.id) }).lean();
  if (!submission) throw new NotFoundError(publicMessages.submissionNotFound);
  let created: ClientDoc | null = null;
  try {
    // A journal request is the signed-in client's own: it goes to them, whoever is chosen, and never makes a client.
    const client = submission.kind === 'journal-request' ? await requestingClient(ctx, submission) : (chosen ?? (created = await createClient(ctx.db, submission.person, submission.therapistId)));
    await apply(ctx, submission, client);
    if (payment) await afterAccept(paymentDeps(ctx), payment, client);
    return { clientId: client._id.toString() };
  } catch (error) {
    if (created) await ctx.db.Client.deleteOne({ _id: created._id });
    // Refused: the submission waits again, as it was.
    await ctx.db.PublicSubmission.create(submission);
    throw error;
  }
}

function paymentDeps(ctx: TherapistContext) {
  return { db: ctx.db, services: ctx.services, now: () => ctx.now() };
}

export async function rejectSubmission(ctx: TherapistContext, id: string): Promise<void> {
  // Paid at booking: the whole payment back first (a refund that fails leaves the request waiting).
  if (await ctx.db.PublicSubmission.exists({ _id: new Types.ObjectId(id) })) await refundBeforeReject(paymentDeps(ctx), new Types.ObjectId(id));
  const result = await ctx.db.PublicSubmission.deleteOne({ _id: new Types.ObjectId(id) });
  if (result.deletedCount !== 1) throw new NotFoundError(publicMessages.submissionNotFound);
}

/** Rejects many at once: those the caller may see (their own; the owner's: all), in batches by `_id`. */
export async function rejectSubmissions(ctx: TherapistContext, ids: readonly string[]): Promise<number> {
  let rejected = 0;
  const unique = [...new Set(ids)].map((id) => new Types.ObjectId(id));
  // Paid requests are refunded one by one before they go (the few there are: most requests pay nothing).
  const paid = await ctx.db.BookingPayment.find({ submissionId: { $in: unique } }, { _id: 1 }).lean();
  for (const payment of paid) await refundBeforeReject(paymentDeps(ctx), payment._id);
  for (let start = 0; start < unique.length; start += 200) {
    rejected += (await ctx.db.PublicSubmission.deleteMany({ _id: { $in: unique.slice(start, start + 200) } })).deletedCount;
  }
  return rejected;
}
