/**
 * Journals, the master journal (Stamjournal: the client's custom fields), field comments and the change history
 * (spec 2: Journal, Custom field, Comment on field; §4 Journal and master journal fields). The server
 * owns every time stamp and every 24-hour decision; the `editable` flags in the answers are for display only.
 * Saves carry the `version` they were based on: a stale one answers 409 and writes nothing.
 */
import { z } from 'zod';
import { JOURNAL_TEXT_FIELDS } from '../client-records.js';
import { defineAction, messageAnswer } from '../contract.js';
import { objectId } from '../fields.js';
import { clientMessages } from '../messages-scheduling.js';

const JOURNAL_TEXT_MAX = 20_000;

export const commentSchema = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  journalId: z.string().nullable(),
  customFieldId: z.string().nullable(),
  /** The journal field ('effect', …) or the custom field's name the comment belongs to. */
  customFieldName: z.string(),
  value: z.string(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  editable: z.boolean(),
});
export type FieldComment = z.infer<typeof commentSchema>;

export const journalSchema = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  therapistId: z.string(),
  treatmentId: z.string().nullable(),
  bookingId: z.string(),
  from: z.number(),
  to: z.number(),
  treatmentName: z.string(),
  effect: z.string(),
  treatment: z.string(),
  followUp: z.string(),
  remark: z.string(),
  firstInputEffectDate: z.number().nullable(),
  firstInputTreatmentUpDate: z.number().nullable(),
  firstInputFollowUpDate: z.number().nullable(),
  firstInputRemarkUpDate: z.number().nullable(),
  updatedAt: z.number(),
  updatedBy: z.string(),
  version: z.number(),
  /** Whether the 24 hours after the booking are still running. */
  editable: z.boolean(),
  /** Per text field: whether it can still be changed (journal window and the field's own window). */
  fieldEditable: z.strictObject({ effect: z.boolean(), treatment: z.boolean(), followUp: z.boolean(), remark: z.boolean() }),
  comments: z.array(commentSchema),
});
export type Journal = z.infer<typeof journalSchema>;

export const customFieldSchema = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  journalId: z.string().nullable(),
  isJournal: z.boolean(),
  name: z.string(),
  value: z.string(),
  locked: z.boolean(),
  position: z.number(),
  firstInputValueDate: z.number().nullable(),
  updatedAt: z.number(),
  updatedBy: z.string(),
  version: z.number(),
  editable: z.boolean(),
  /** Whether comments can be added (Stamjournal: the first four fields only). */
  commentable: z.boolean(),
  comments: z.array(commentSchema),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const revisionSchema = z.strictObject({
  id: z.string(),
  entity: z.enum(['client', 'journal', 'customField', 'comment']),
  entityId: z.string(),
  journalId: z.string().nullable(),
  field: z.string(),
  previous: z.string(),
  value: z.string(),
  changedBy: z.string(),
  changedAt: z.number(),
});
export type Revision = z.infer<typeof revisionSchema>;

const journalText = z.string({ error: 'Teksten skal være tekst' }).max(JOURNAL_TEXT_MAX, `Højst ${JOURNAL_TEXT_MAX} tegn`);
const journalChanges = z
  .strictObject(Object.fromEntries(JOURNAL_TEXT_FIELDS.map((field) => [field, journalText])) as Record<(typeof JOURNAL_TEXT_FIELDS)[number], typeof journalText>)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Ingen ændringer');
const version = z.number({ error: 'version mangler' }).int().min(0);
const fieldName = z.string({ error: clientMessages.fieldNameRequired }).trim().min(1, clientMessages.fieldNameRequired).max(200);

export const journalActions = {
  getJournalFromBooking: defineAction({
    access: 'therapist',
    accessLog: { kind: 'journal', clients: (_input, answer) => answer.data?.clientId },
    plan: 'pro',
    summary: "The journal of a booking, or null when none is written yet.",
    input: z.strictObject({ bookingId: objectId }),
    output: z.strictObject({ data: journalSchema.nullable() }),
  }),
  getJournalsFromClient: defineAction({
    access: 'therapist',
    accessLog: { kind: 'journal', clients: (input) => input.clientId },
    plan: 'pro',
    summary: "A client's journals, newest treatment first.",
    input: z.strictObject({ clientId: objectId }),
    output: z.strictObject({ data: z.array(journalSchema) }),
  }),
  addJournal: defineAction({
    access: 'therapist',
    accessLog: { kind: 'journal', clients: (_input, answer) => answer.data.clientId },
    plan: 'pro',
    summary: 'Opens the journal of a booking (one per booking; asking again answers the same journal).',
    input: z.strictObject({ bookingId: objectId, clientId: objectId.optional(), treatmentId: objectId.nullable().optional(), therapistId: objectId.optional() }),
    output: z.strictObject({ data: journalSchema }),
  }),
  setJournal: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers what the caller just changed; the change itself is kept in the client\'s history' },
    plan: 'pro',
    summary: 'Saves journal text fields on top of `version`; refused after the 24-hour windows; old values go to the history.',
    input: z.strictObject({ id: objectId, version, changes: journalChanges }),
    output: z.strictObject({ message: z.string(), data: journalSchema }),
  }),
  getCustomFieldsFromJournal: defineAction({
    access: 'therapist',
    accessLog: { kind: 'journal', clients: (_input, answer) => answer.data.map((field) => field.clientId) },
    plan: 'pro',
    summary: 'The custom fields of a journal.',
    input: z.strictObject({ journalId: objectId }),
    output: z.strictObject({ data: z.array(customFieldSchema) }),
  }),
  getCustomFieldsFromClientIsNotJournal: defineAction({
    access: 'therapist',
    accessLog: { kind: 'journal', clients: (input) => input.clientId },
    plan: 'pro',
    summary: "The client's Stamjournal fields (the fixed ones are created on first read).",
    input: z.strictObject({ clientId: objectId }),
    output: z.strictObject({ data: z.array(customFieldSchema) }),
  }),
  addCustomField: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers what the caller just changed; the change itself is kept in the client\'s history' },
    plan: 'pro',
    summary: 'Adds a custom field to the Stamjournal (isJournal false) or to a journal (isJournal true, pro plan, open journal).',
    input: z
      .strictObject({ clientId: objectId, journalId: objectId.optional(), name: fieldName, locked: z.literal(false).default(false), isJournal: z.boolean() })
      .refine((value) => value.isJournal === Boolean(value.journalId), { message: 'Et journalfelt kræver en journal', path: ['journalId'] }),
    output: z.strictObject({ message: z.string(), data: customFieldSchema }),
  }),
  setCustomField: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers what the caller just changed; the change itself is kept in the client\'s history' },
    plan: 'pro',
    summary: 'Renames a custom field or saves its value on top of `version`; the value locks 24 hours after its first input.',
    input: z
      .strictObject({ id: objectId, version, name: fieldName.optional(), value: journalText.optional() })
      .refine((value) => value.name !== undefined || value.value !== undefined, 'Ingen ændringer'),
    output: z.strictObject({ message: z.string(), data: customFieldSchema }),
  }),
  deleteCustomField: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a custom field that is not fixed and has no text yet (written health data is never deleted this way).',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  saveFieldComment: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers what the caller just changed; the change itself is kept in the client\'s history' },
    plan: 'pro',
    summary: 'Adds a comment to a journal field or a custom field, or changes one within 24 hours of its creation; answers the saved comment.',
    input: z
      .strictObject({
        id: objectId.optional(),
        clientId: objectId,
        journalId: objectId.optional(),
        customFieldId: objectId.optional(),
        customFieldName: z.string().trim().min(1).max(200),
        value: z.string().trim().min(1, clientMessages.commentRequired).max(JOURNAL_TEXT_MAX),
      })
      .refine((value) => value.id || value.journalId || value.customFieldId, { message: 'Vælg feltet kommentaren hører til', path: ['customFieldName'] }),
    output: z.strictObject({ message: z.string(), data: commentSchema }),
  }),
  getClientHistory: defineAction({
    access: 'therapist',
    accessLog: { kind: 'history', clients: (input) => input.clientId },
    plan: 'pro',
    summary: 'Every change of a client record, its journals, fields and comments, newest first: who, when, old and new value.',
    input: z.strictObject({ clientId: objectId, journalId: objectId.optional() }),
    output: z.strictObject({ data: z.array(revisionSchema) }),
  }),
} as const;
