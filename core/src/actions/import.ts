/**
 * The data import (spec 2: /Importerdata, Import payload, §4 Import, §5 Import files, §7 Import). The
 * clinic's owner sends the five export files of the old system (or one zip of them); the API checks them, keeps
 * them encrypted and imports them in the background; the page follows the import until it is done, and the report
 * goes by mail. The files the support team uploaded for the clinic go through the same import.
 */
import { z } from 'zod';
import { defineAction, noInput } from '../contract.js';
import { objectId } from '../fields.js';
import { IMPORT_FILE_FIELDS, IMPORT_SOURCE_KEYS, importMessages as M } from '../messages-import.js';
import { SUPPORT_IMPORT_MAX_FILE_BYTES, supportMessages } from '../messages-platform.js';
import { messages } from '../messages.js';

const count = z.strictObject({ added: z.number().int(), existing: z.number().int() });

export const importRunSchema = z.strictObject({
  id: z.string(),
  /** queued: waiting for the import job; running; done (the good rows are in, the bad ones reported); failed (nothing written, `message` says why). */
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** reading the files (`read` rows so far), then writing (`done` of `total` records). */
  phase: z.enum(['waiting', 'reading', 'writing', 'finished']),
  source: z.enum(['form', 'support']),
  domain: z.string().nullable(),
  fileNames: z.array(z.string()),
  read: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  counts: z.strictObject({ clients: count, treatments: count, bookings: count, invoices: count }).nullable(),
  /** The refused rows (the first 200; `errorCount` tells all): the file's name, its row number, why. */
  errors: z.array(z.strictObject({ fileName: z.string(), row: z.number().int(), message: z.string() })),
  errorCount: z.number().int(),
  /** The clinic's next invoice number ('0041-26') when the imported invoices raised it; else null. */
  nextInvoiceNumber: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  supportUploadId: z.string().nullable(),
});
export type ImportRunView = z.infer<typeof importRunSchema>;

const reportEmail = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const importActions = {
  importCsv: defineAction({
    access: 'owner',
    // The five export files, or a zip of them (one more, so that a sixth is refused by the form's own rules).
    uploads: {
      files: IMPORT_FILE_FIELDS.length + 1,
      fileBytes: SUPPORT_IMPORT_MAX_FILE_BYTES,
      field: 'files',
      tooLarge: supportMessages.fileTooLarge(`${SUPPORT_IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`),
      tooMany: supportMessages.tooManyFiles(IMPORT_FILE_FIELDS.length),
    },
    summary:
      "Multipart: the five export files (client, treatment, booking, invoiceLine, invoice; CSV or Excel) or one zip of them, domain (the old system) and email (for the report). Needs the importdata add-on. Checks the files' columns at once (4xx, nothing kept), then imports in the background: follow it with getImport.",
    input: z.strictObject({
      domain: z.string({ error: M.sourceRequired }).trim().max(50, M.sourceRequired).pipe(z.enum(IMPORT_SOURCE_KEYS, { error: M.sourceRequired })),
      email: reportEmail,
    }),
    output: z.strictObject({ success: z.literal(true), message: z.string(), data: importRunSchema }),
  }),
  importSupportUpload: defineAction({
    access: 'owner',
    summary: "Imports the files the support team uploaded for the clinic (a 'received' support upload), in the background like importCsv; the report goes to the owner.",
    input: z.strictObject({ uploadId: objectId }),
    output: z.strictObject({ success: z.literal(true), message: z.string(), data: importRunSchema }),
  }),
  getImport: defineAction({
    access: 'owner',
    summary: "An import of the clinic (by id, or the latest): how far it has come, its counts and its refused rows.",
    input: z.strictObject({ id: objectId.optional() }),
    output: z.strictObject({ data: importRunSchema.nullable() }),
  }),
  getImportAccess: defineAction({
    access: 'therapist',
    summary: 'Whether the caller may import (the owner of a clinic with the importdata add-on), and what the page says otherwise.',
    input: noInput,
    output: z.strictObject({ data: z.strictObject({ allowed: z.boolean(), reason: z.enum(['ok', 'addOn', 'notOwner']) }) }),
  }),
} as const;
