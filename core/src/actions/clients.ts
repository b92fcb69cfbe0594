/**
 * Client records and the intake form (spec 2: Client, Client form question; §5 Client data; §7 Clients, Client
 * form fields). Stamdata saves are partial: each field is saved on its own, so two people editing
 * different fields never overwrite each other, and every change is kept in the client's history.
 */
import { z } from 'zod';
import { CIVIL_STATUSES, CLIENT_FORM_FIELD_TYPES, dedupeTags, isCprBirthdayInFuture } from '../client-records.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants.js';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { newClientSchema, objectId } from '../fields.js';
import { clientMessages, newClientMessages } from '../messages-scheduling.js';
import { isCprBirthDate, isCprLast4, isValidPhone } from '../predicates.js';

const text = newClientMessages('');

/** A text that must not be emptied (spec 2 §5: required Stamdata fields). */
function requiredField(label: string, max = NAME_MAX_LENGTH) {
  return z.string({ error: clientMessages.requiredField(label) }).trim().min(1, clientMessages.requiredField(label)).max(max);
}
function optionalField(max = NAME_MAX_LENGTH) {
  return z.string().trim().max(max);
}
function digitsField(label: string, max: number) {
  return z
    .string({ error: clientMessages.digitsOnly(label) })
    .trim()
    .max(max, clientMessages.digitsOnly(label))
    .refine((value) => /^\d*$/.test(value), clientMessages.digitsOnly(label));
}
/** A phone number that may be empty; otherwise the booking rule (8 digits or more, optional +). */
const optionalPhone = z
  .string({ error: text.phone })
  .max(PHONE_MAX_LENGTH * 2, text.phone)
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || (isValidPhone(value) && value.length <= PHONE_MAX_LENGTH), text.phone);

/** Every Stamdata field a therapist can change, with the spec's rules. */
export const clientChangesSchema = z
  .strictObject({
    nameFirst: requiredField('Fornavn'),
    nameLast: requiredField('Efternavn'),
    CPR6Digit: z.string({ error: text.CPR6Digit }).max(20, text.CPR6Digit).trim().refine(isCprBirthDate, text.CPR6Digit),
    CPRLast4Digit: z.string({ error: text.CPRLast4Digit }).max(20, text.CPRLast4Digit).trim().refine(isCprLast4, text.CPRLast4Digit),
    address: requiredField('Adresse', 200),
    post: requiredField('Postnummer', 8).refine((value) => /^\d+$/.test(value), clientMessages.digitsOnly('Postnummer')),
    town: requiredField('By'),
    email: z
      .string({ error: text.email })
      .trim()
      .max(EMAIL_MAX_LENGTH, text.email)
      .refine((value) => value === '' || z.email().safeParse(value).success, text.email),
    phonePrivate: optionalPhone,
    phoneWork: optionalPhone,
    phoneRelative: optionalPhone,
    civilStatus: z.enum(['', ...CIVIL_STATUSES], { error: 'Vælg civilstand' }),
    sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Vælg køn' }),
    education: optionalField(200),
    children: digitsField('Antal børn', 2),
    doctor: optionalField(200),
    otherTreater: optionalField(200),
    reminder: z.boolean(),
    followUp: z.boolean(),
    newsletter: z.boolean(),
    tags: z
      .array(z.string().trim().max(100))
      .max(100)
      .transform((tags) => dedupeTags(tags)),
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Ingen ændringer');
export type ClientChanges = z.input<typeof clientChangesSchema>;

export const intakeAnswerSchema = z.strictObject({
  questionId: z.string(),
  fieldName: z.string(),
  fieldType: z.enum(CLIENT_FORM_FIELD_TYPES),
  value: z.string(),
  submittedAt: z.number(),
});
export type IntakeAnswer = z.infer<typeof intakeAnswerSchema>;

export const clientRecordSchema = z.strictObject({
  id: z.string(),
  therapistId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  CPR6Digit: z.string(),
  CPRLast4Digit: z.string(),
  address: z.string(),
  post: z.string(),
  town: z.string(),
  email: z.string(),
  phonePrivate: z.string(),
  phoneWork: z.string(),
  phoneRelative: z.string(),
  civilStatus: z.string(),
  sex: z.number(),
  education: z.string(),
  children: z.string(),
  doctor: z.string(),
  otherTreater: z.string(),
  reminder: z.boolean(),
  followUp: z.boolean(),
  newsletter: z.boolean(),
  tags: z.array(z.string()),
  profileImage: z.string().nullable(),
  intakeAnswers: z.array(intakeAnswerSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Who last changed Stamdata, and who last changed the Stamjournal (names). */
  updatedBy: z.string(),
  updatedBySJ: z.string(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

/** The client page's record: Stamdata and the count of bookings marked 'Udeblevet'. */
export const clientPageRecordSchema = clientRecordSchema.extend({ noShows: z.number().int() });
export type ClientPageRecord = z.infer<typeof clientPageRecordSchema>;

export const clientListItemSchema = clientRecordSchema.pick({
  id: true,
  therapistId: true,
  nameFirst: true,
  nameLast: true,
  CPR6Digit: true,
  CPRLast4Digit: true,
  email: true,
  phonePrivate: true,
  updatedAt: true,
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export const clientFormFieldSchema = z.strictObject({
  id: z.string(),
  fieldName: z.string(),
  fieldType: z.enum(CLIENT_FORM_FIELD_TYPES),
  isRequired: z.boolean(),
});
export type ClientFormField = z.infer<typeof clientFormFieldSchema>;

const questionFields = {
  fieldName: z
    .string({ error: clientMessages.questionNameRequired })
    .trim()
    .min(1, clientMessages.questionNameRequired)
    .max(300),
  fieldType: z.enum(CLIENT_FORM_FIELD_TYPES).default('text'),
  isRequired: z.boolean().default(false),
};

/** The personal details of the intake form: the new-client rules plus the required address (spec 2 §5). */
export const intakePersonalSchema = newClientSchema('')
  .extend({
    address: requiredField('Adresse', 200),
    post: requiredField('Postnummer', 8).refine((value) => /^\d+$/.test(value), clientMessages.digitsOnly('Postnummer')),
    town: requiredField('By'),
  })
  .refine((value) => !isCprBirthdayInFuture(value.CPR6Digit, Date.now()), { message: clientMessages.birthdayInFuture, path: ['CPR6Digit'] });
export type IntakePersonal = z.input<typeof intakePersonalSchema>;

const questionIds = z.array(objectId).max(50).default([]);
const answers = z
  .array(z.strictObject({ questionId: objectId, value: z.string().max(5000) }))
  .max(50)
  .default([]);

export const publicClientFormSchema = z.strictObject({
  clinicName: z.string(),
  therapistName: z.string(),
  questions: z.array(clientFormFieldSchema),
  /** Set when the link was mailed to a known client: only the questions are asked. */
  clientName: z.string().nullable(),
});
export type PublicClientForm = z.infer<typeof publicClientFormSchema>;

export const clientActions = {
  getAllClient: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'a list of names and CPR numbers to pick a client from; the record opened from it is logged' },
    plan: 'pro',
    summary: "The clinic's clients, paginated, searchable by name or CPR; the owner sees all (or one therapist's), others their own.",
    input: z.strictObject({
      page: z.number().int().min(1).default(1),
      size: z.union([z.literal(5), z.literal(10), z.literal(15)]).default(10),
      search: z.string().trim().max(100).default(''),
      therapistId: objectId.optional(),
    }),
    output: z.strictObject({ data: z.array(clientListItemSchema), total: z.number().int() }),
  }),
  getClient: defineAction({
    access: 'therapist',
    accessLog: { kind: 'client', clients: (input) => input.id },
    plan: 'pro',
    summary: "One client record (Stamdata), with the intake answers and how many of the client's bookings the caller sees are marked 'Udeblevet'.",
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: clientPageRecordSchema }),
  }),
  setClient: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers what the caller just changed; the change itself is kept in the client\'s history' },
    plan: 'pro',
    summary: 'Saves changed Stamdata fields (partial); required fields cannot be emptied; the old values go to the history.',
    input: z.strictObject({ id: objectId, changes: clientChangesSchema }),
    output: z.strictObject({ message: z.string(), data: clientRecordSchema }),
  }),
  deleteClient: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a client with journals, fields, comments, images and past bookings; refused while bookings lie ahead.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getClientLastDigit: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'A four-digit code not yet used with this birth date in the clinic (for clients without a Danish CPR number).',
    input: z.strictObject({ CPR6Digit: z.string().max(20, text.CPR6Digit).trim().refine(isCprBirthDate, text.CPR6Digit) }),
    output: z.strictObject({ data: z.strictObject({ lastDigit: z.string() }) }),
  }),
  addClient: defineAction({
    access: 'therapist',
    mailsTypedAddresses: true,
    plan: 'pro',
    summary: 'Adds a client from the intake form and mails the form link with the chosen questions.',
    input: z.strictObject({ client: intakePersonalSchema, ids: questionIds }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ id: z.string() }) }),
  }),
  getClientFormFields: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "The clinic's intake-form questions, newest first.",
    input: noInput,
    output: z.strictObject({ data: z.array(clientFormFieldSchema) }),
  }),
  addClientFormField: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Adds an intake-form question.',
    input: z.strictObject(questionFields),
    output: z.strictObject({ message: z.string(), data: clientFormFieldSchema }),
  }),
  setClientFormField: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Changes an intake-form question.',
    input: z.strictObject({ id: objectId, ...questionFields }),
    output: z.strictObject({ message: z.string(), data: clientFormFieldSchema }),
  }),
  deleteClientFormField: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes an intake-form question (answers already given stay on the clients).',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getPublicClientForm: defineAction({
    access: 'public',
    // The public intake form creates clients: as tight as the booking page.
    rateLimit: { points: 300, durationSeconds: 15 * 60 },
    summary: 'The public intake form of a therapist: clinic name and the chosen questions (no client data).',
    input: z.strictObject({ therapistID: objectId, ids: questionIds, ref: z.string().max(2000).optional() }),
    output: z.strictObject({ data: publicClientFormSchema }),
  }),
  clientSubmitClientForm: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      'Submits the public intake form: with a mailed link the answers go on that client; otherwise the personal details create the client (an existing CPR gets the answers appended, with the same reply).',
    input: z.strictObject({
      therapistID: objectId,
      ref: z.string().max(2000).optional(),
      client: intakePersonalSchema.optional(),
      answers,
    }),
    output: messageAnswer,
  }),
} as const;
