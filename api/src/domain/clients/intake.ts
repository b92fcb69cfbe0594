/**
 * The intake form (spec 2, Client form): the clinic's questions, the therapist's "send the form" (adds the client
 * and mails the link), and the public form. Public answers never overwrite a record: they are appended to the
 * client's intake answers. A public submission with a CPR number the clinic already has gets the same reply as a
 * new one (so the form cannot be used to find out who is a client) and its answers go on that client.
 */
import { Types } from 'mongoose';
import { clientMessages, type ClientFormField, type ParsedInput, type PublicClientForm } from '@klinik/core';
import { clientFormMail } from '../../adapters/mail/templates.js';
import type { PublicContext, TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientDoc, ClientFormFieldDoc, CompanyDoc } from '../../models/index.js';
import { publicTherapist } from '../online-booking/public-therapist.js';
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

export async function publicForm(ctx: PublicContext, input: ParsedInput<'getPublicClientForm'>): Promise<PublicClientForm> {
  const { therapist, company, db } = await publicTherapist(ctx, input.therapistID);
  const client = input.ref ? await clientOfRef(ctx, company, db, input.ref) : null;
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
  const { therapist, company, db } = await publicTherapist(ctx, input.therapistID);
  const unknown = input.answers.map((answer) => answer.questionId);
  const questions = await questionsOf(db, [...new Set(unknown)]);
  if (questions.length !== new Set(unknown).size) throw new ValidationError(clientMessages.questionNotFound, { answers: clientMessages.questionNotFound });
  const answers = checkedAnswers(questions, input.answers, ctx.now());

  let client: ClientDoc;
  if (input.ref) client = await clientOfRef(ctx, company, db, input.ref);
  else {
    if (!input.client) throw new ValidationError(clientMessages.requiredField('Fornavn'), { 'client.nameFirst': clientMessages.requiredField('Fornavn') });
    try {
      client = await createClient(db, input.client, therapist._id);
    } catch (error) {
      const existing = await db.Client.findOne({ cprKey: `${input.client.CPR6Digit}${input.client.CPRLast4Digit}` }).lean();
      if (!existing || (error instanceof Error && !/eksisterer/.test(error.message) && !isDuplicateKeyError(error))) throw error;
      client = existing;
    }
  }
  if (answers.length) await db.Client.updateOne({ _id: client._id }, { $push: { intakeAnswers: { $each: answers } } });
}
