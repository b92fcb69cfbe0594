/**
 * The intake form (spec 2, Client form): the clinic's questions, the therapist's "send the form" (adds the client
 * and mails the link), and the public form (a public form never writes into an existing client's record).
 * With the clinic's signed link the answers are appended to that link's client, once. Without it, every submission
 * (a known CPR number or not: the same reply) lands as a PublicSubmission that the therapist reviews and accepts or
 * rejects (domain/online-booking/review.ts). Both work only while the therapist's booking form is on and the plan
 * allows it, and sizes are bounded per submission and per client.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { CAPS, bookingMessages, clientMessages, publicMessages, type ClientFormField, type ParsedInput, type PublicClientForm } from '@klinik/core';
import { assertBelowCap } from '../caps.js';
import { clientFormMail } from '../../adapters/mail/templates.js';
import type { PublicContext, TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors.js';
import type { ClientDoc, ClientFormFieldDoc, CompanyDoc } from '../../models/index.js';
import { countPublicSubmission, holdSubmission, personOf } from '../online-booking/public-identity.js';
import { formEnabled, publicTherapist } from '../online-booking/public-therapist.js';
import { assertMailBudget } from '../contact/outbound.js';
import { createClient } from './clients.js';

/** A mailed form link is valid this long. */
const FORM_LINK_TTL_SECONDS = 30 * 24 * 3600;

function toQuestion(field: ClientFormFieldDoc): ClientFormField {
  return { id: field._id.toString(), fieldName: field.fieldName, fieldType: field.fieldType, isRequired: Boolean(field.isRequired) };
}

export async function listQuestions(ctx: TherapistContext): Promise<ClientFormField[]> {
  const fields = await ctx.db.ClientFormField.find({}).sort({ createdAt: -1, _id: -1 }).limit(500).lean();
  return fields.map(toQuestion);
}

export async function addQuestion(ctx: TherapistContext, input: ParsedInput<'addClientFormField'>): Promise<ClientFormField> {
  await assertBelowCap(() => ctx.db.ClientFormField.countDocuments({}), CAPS.intakeQuestionsPerClinic, 'spørgsmål');
  const field = await ctx.db.ClientFormField.create({ ...input });
  return toQuestion(field.toObject());
}

export async function changeQuestion(ctx: TherapistContext, input: ParsedInput<'setClientFormField'>): Promise<ClientFormField> {
  const { id, ...fields } = input;
  const field = await ctx.db.ClientFormField.findOneAndUpdate({ _id: new Types.ObjectId(id) }, { $set: fields }, { returnDocument: 'after' }).lean();
  if (!field) throw new NotFoundError(clientMessages.questionNotFound);
  return toQuestion(field);
}

export async function removeQuestion(ctx: TherapistContext, id: string): Promise<void> {
  const result = await ctx.db.ClientFormField.deleteOne({ _id: new Types.ObjectId(id) });
  if (result.deletedCount !== 1) throw new NotFoundError(clientMessages.questionNotFound);
}

async function questionsOf(db: TenantDb, ids: readonly string[]): Promise<ClientFormFieldDoc[]> {
  if (ids.length === 0) return [];
  const found = await db.ClientFormField.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }).lean();
  // The order of the link.
  const byId = new Map<string, ClientFormFieldDoc>(found.map((field) => [field._id.toString(), field as ClientFormFieldDoc]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function formLink(ctx: TherapistContext, therapistId: string, ids: readonly string[], ref: string): string {
  const params = new URLSearchParams({ therapistID: therapistId });
  if (ids.length) params.set('ids', ids.join(','));
  params.set('ref', ref);
  return `${ctx.services.config.appUrl}/ClientForm?${params.toString()}`;
}

/** Adds the client and mails the form link; answers whether the mail went out (the client stays either way). */
export async function addClientFromForm(ctx: TherapistContext, input: ParsedInput<'addClient'>): Promise<{ id: string; mailed: boolean }> {
  const questions = await questionsOf(ctx.db, input.ids);
  if (questions.length !== input.ids.length) throw new ValidationError(clientMessages.questionNotFound, { ids: clientMessages.questionNotFound });
  // The mail goes to an address the therapist typed: within the clinic's mail budget, checked before the
  // client is made, so a refusal changes nothing.
  await assertMailBudget(ctx, 1);
  const client = await createClient(ctx.db, input.client, ctx.therapist._id);
  const id = client._id.toString();
  const ref = ctx.services.tokens.signPurpose('client-form', { subject: id, companyId: ctx.companyId }, FORM_LINK_TTL_SECONDS);
  const link = questions.length ? formLink(ctx, ctx.therapistId, input.ids, ref) : null;
  // The client exists now; a mail failure is reported to the therapist but does not undo the client.
  try {
    await ctx.services.mailer.send(clientFormMail(client.email ?? '', { clientName: client.nameFirst, clinicName: ctx.company.companyName, link }));
    return { id, mailed: true };
  } catch (error) {
    ctx.services.logger.warn({ err: error }, 'client form mail failed');
    return { id, mailed: false };
  }
}

async function clientOfRef(ctx: PublicContext, company: CompanyDoc, db: TenantDb, ref: string): Promise<ClientDoc> {
  const claims = ctx.services.tokens.verifyPurpose('client-form', ref);
  const client =
    claims && claims.companyId === company._id.toString() && Types.ObjectId.isValid(claims.subject) ? await db.Client.findById(new Types.ObjectId(claims.subject)).lean() : null;
  if (!client) throw new ValidationError(clientMessages.formLinkInvalid, { ref: clientMessages.formLinkInvalid });
  return client;
}

/** All answers of one submission together, in characters. */
export const MAX_SUBMISSION_CHARS = 20_000;
/** Intake answers one client may hold from signed links; the therapist deletes old ones before more can come. */
export const MAX_INTAKE_ANSWERS_PER_CLIENT = 500;

/** The public page of the form, refused (as the booking page is) while the form is off or the plan does not allow it. */
async function openForm(ctx: PublicContext, therapistId: string) {
  const page = await publicTherapist(ctx, therapistId);
  if (!formEnabled(page, ctx.now())) throw new ConflictError(bookingMessages.formDisabled);
  return page;
}

const linkUseKey = (company: CompanyDoc, ref: string) => `${company._id.toString()}:${createHash('sha256').update(ref).digest('hex')}`;

export async function publicForm(ctx: PublicContext, input: ParsedInput<'getPublicClientForm'>): Promise<PublicClientForm> {
  const { therapist, company, db } = await openForm(ctx, input.therapistID);
  const client = input.ref ? await clientOfRef(ctx, company, db, input.ref) : null;
  if (client && input.ref && (await db.IntakeLinkUse.exists({ _id: linkUseKey(company, input.ref) }))) throw new ConflictError(publicMessages.formLinkUsed);
  const questions = await questionsOf(db, input.ids);
  return {
    clinicName: company.companyName,
    therapistName: `${therapist.nameFirst} ${therapist.nameLast}`,
    questions: questions.map(toQuestion),
    clientName: client ? client.nameFirst : null,
  };
}

function checkedAnswers(questions: ClientFormFieldDoc[], answers: ParsedInput<'clientSubmitClientForm'>['answers'], now: number) {
  const errors: Record<string, string> = {};
  const result = [];
  for (const question of questions) {
    const value = (answers.find((answer) => answer.questionId === question._id.toString())?.value ?? '').trim();
    const key = `answers.${question._id.toString()}`;
    if (question.isRequired && (value === '' || (question.fieldType === 'checkbox' && value !== 'true'))) errors[key] = clientMessages.answerRequired(question.fieldName);
    else if (question.fieldType === 'number' && value !== '' && !/^-?\d+([.,]\d+)?$/.test(value)) errors[key] = clientMessages.answerNumber(question.fieldName);
    else if (question.fieldType === 'checkbox' && value !== '' && value !== 'true' && value !== 'false') errors[key] = clientMessages.answerRequired(question.fieldName);
    result.push({ questionId: question._id.toString(), fieldName: question.fieldName, fieldType: question.fieldType, value, submittedAt: now });
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return result;
}

export async function submitPublicForm(ctx: PublicContext, input: ParsedInput<'clientSubmitClientForm'>): Promise<void> {
  const { therapist, company, db } = await openForm(ctx, input.therapistID);
  if (input.answers.reduce((sum, answer) => sum + answer.value.length, 0) > MAX_SUBMISSION_CHARS) throw new PayloadTooLargeError(publicMessages.tooLarge);
  const unknown = input.answers.map((answer) => answer.questionId);
  const questions = await questionsOf(db, [...new Set(unknown)]);
  if (questions.length !== new Set(unknown).size) throw new ValidationError(clientMessages.questionNotFound, { answers: clientMessages.questionNotFound });
  const answers = checkedAnswers(questions, input.answers, ctx.now());

  if (input.ref) {
    // The clinic's signed link: its own client only, and once.
    const client = await clientOfRef(ctx, company, db, input.ref);
    if ((client.intakeAnswers?.length ?? 0) + answers.length > MAX_INTAKE_ANSWERS_PER_CLIENT) throw new ConflictError(publicMessages.clientTooManyAnswers);
    try {
      await db.IntakeLinkUse.create({ _id: linkUseKey(company, input.ref), clientId: client._id, createdAt: ctx.now() });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(publicMessages.formLinkUsed);
      throw error;
    }
    if (answers.length) await db.Client.updateOne({ _id: client._id }, { $push: { intakeAnswers: { $each: answers } } });
    return;
  }
  if (!input.client) throw new ValidationError(clientMessages.requiredField('Fornavn'), { 'client.nameFirst': clientMessages.requiredField('Fornavn') });
  // Without the link nobody is looked up: whoever it is, it waits for the therapist, with the same reply.
  await countPublicSubmission(ctx, company._id, input.client);
  const client = input.client;
  await holdSubmission(ctx, db, (sourceKey) =>
    db.PublicSubmission.create({
      therapistId: therapist._id,
      kind: 'intake',
      person: personOf(client),
      sourceKey,
      answers,
      createdAt: ctx.now(),
    }),
  );
}
