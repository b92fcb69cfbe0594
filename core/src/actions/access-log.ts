/**
 * The access log: who read a client's record, journal, images, intake answers or invoices, when, and from which
 * network. The API writes it for every read an action's contract declares (`accessLog` on defineAction); no action
 * changes or deletes it, and it is kept for five years. The owner reads it per client ('Adgangslog') and clinic-wide.
 */
import { z } from 'zod';
import { ACCESS_LOG_KINDS, defineAction } from '../contract.js';
import { epochMs, objectId } from '../fields.js';

export const ACCESS_LOG_PAGE_SIZE = 50;

/** Who read: a therapist of the clinic (the owner included), the support team, the platform administrator, or the client. */
export const ACCESS_LOG_READERS = ['therapist', 'team', 'superadmin', 'client'] as const;

export const accessLogEntrySchema = z.strictObject({
  id: z.string(),
  at: z.number(),
  kind: z.enum(ACCESS_LOG_KINDS),
  /** The action that read (getJournalsFromClient, …). */
  action: z.string(),
  clientId: z.string(),
  /** The client's name now; empty once the client is deleted. */
  clientName: z.string(),
  readerKind: z.enum(ACCESS_LOG_READERS),
  /** The therapist's id (empty for the others). */
  therapistId: z.string(),
  /** The reader's name when they read. */
  reader: z.string(),
  /** The caller's network, never the whole address: '192.0.2.0/24', '2001:db8:1::/48'. */
  address: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

const pageNumber = z.number().int().min(1).max(100_000).default(1);
const logAnswer = z.strictObject({ data: z.array(accessLogEntrySchema), total: z.number().int() });

export const accessLogActions = {
  getAccessLog: defineAction({
    access: 'owner',
    summary: `The clinic's access log, newest first, ${ACCESS_LOG_PAGE_SIZE} per page, in [from, to), optionally of one client or one therapist reading.`,
    input: z
      .strictObject({ from: epochMs, to: epochMs, clientId: objectId.optional(), therapistId: objectId.optional(), page: pageNumber })
      .refine((value) => value.to > value.from, { message: 'Slutdatoen skal være efter startdatoen', path: ['to'] }),
    output: logAnswer,
  }),
  getClientAccessLog: defineAction({
    access: 'owner',
    summary: `A client's 'Adgangslog': every logged read of their record, newest first, ${ACCESS_LOG_PAGE_SIZE} per page.`,
    input: z.strictObject({ clientId: objectId, page: pageNumber }),
    output: logAnswer,
  }),
  logClientPrint: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Logs a print of a section of the client page before the page prints it (drawn from what it shows); a client the caller cannot see answers 404.",
    input: z.strictObject({ clientId: objectId }),
    output: z.strictObject({}),
    accessLog: { kind: 'print', clients: (input) => input.clientId },
  }),
} as const;
