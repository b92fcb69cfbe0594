/**
 * The accounting integration (spec 3 §7 'Accounting integration'): Dinero through Visma Connect's OAuth code
 * flow, or the API's sandbox. Owner only, and only while the accounting add-on is active (checked by the server).
 *
 * Deviations from the spec's text, on purpose (docs/actions.md,
 * docs/decisions/0018-accounting-transfer-in-the-background.md):
 * - The transfer result never carries the refresh token (the spec lists it in the answer): the token is the key to
 *   the clinic's books and stays on the server.
 * - The integration settings travel inside the signed `state` of the connection url, not in the browser's local
 *   storage; the return page sends `code` and `state` back, and the server takes the settings from the state it
 *   signed. `fromDate`, `toDate` and `allDataFlag` are therefore inputs of getVismaConnectUrl.
 */
import { z } from 'zod';
import { accountingMessages, transferScope } from '../accounting.js';
import { defineAction, messageAnswer } from '../contract.js';

const day = z.string().max(10).nullable().optional();

/** 'transfer everything' (default) or a period; both dates required in period mode ('Feltet er påkrævet.'). */
export const integrationSettingsSchema = z
  .strictObject({ allDataFlag: z.boolean().default(true), fromDate: day, toDate: day })
  .superRefine((settings, ctx) => {
    const checked = transferScope(settings);
    if (checked.errors) {
      for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

const count = z.strictObject({
  success: z.number().int(),
  fail: z.number().int(),
  total: z.number().int(),
  alreadyAdded: z.number().int(),
  error: z.string().nullable(),
});

export const transferResultSchema = z.strictObject({
  /** 'success' when nothing failed, else 'failed' (the page shows 'Overførelse fejlede'). */
  status: z.enum(['success', 'failed']),
  message: z.string(),
  data: z.strictObject({
    dineroOrgId: z.string(),
    invoice: count,
    contact: count,
    product: count,
  }),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

/**
 * One transfer as it runs in the background and when it is over: the clinic's n-th (`number`), how far it
 * has come (`done` of `total` records: treatments, clients, invoices) with its counts so far, then its `result`.
 */
export const accountingTransferSchema = z.strictObject({
  number: z.number().int(),
  /** queued: waiting for the transfer job; running; done (the result's counts); failed (`message` says why). */
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** connect: started by the return page; sync: by the shell's sync icon. */
  source: z.enum(['connect', 'sync']),
  done: z.number().int(),
  total: z.number().int(),
  counts: z.strictObject({ invoice: count, contact: count, product: count }),
  /** Set when it is over: the counts per kind; 'failed' when a record failed or the run stopped. */
  result: transferResultSchema.nullable(),
  /** Why a failed run stopped (the connection lost, Dinero unreachable), in Danish. */
  message: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type AccountingTransfer = z.infer<typeof accountingTransferSchema>;

const transferStarted = z.strictObject({ message: z.string(), data: accountingTransferSchema });

export const accountingStatusSchema = z.strictObject({
  /** Whether the accounting add-on is active (free with Pro). */
  addOnActive: z.boolean(),
  connected: z.boolean(),
  dineroOrgId: z.string().nullable(),
  /** Issued invoices waiting to be transferred (retried by the server). */
  pendingInvoices: z.number().int(),
  /** 'sandbox' locally, 'dinero' in production, 'none' when not configured. */
  provider: z.enum(['sandbox', 'dinero', 'none']),
});
export type AccountingStatus = z.infer<typeof accountingStatusSchema>;

const objectId = z.string().max(200).regex(/^[a-f0-9]{24}$/i);

export const accountingActions = {
  getVismaConnectUrl: defineAction({
    access: 'owner',
    plan: 'pro',
    summary:
      "The consent page's `url`, with the settings signed into its `state`; a period needs both dates.",
    input: integrationSettingsSchema,
    output: z.strictObject({ message: z.string(), url: z.string() }),
  }),
  updateClientDineroData: defineAction({
    access: 'owner',
    plan: 'pro',
    summary:
      'The return page: exchanges `code` once and starts the transfer `state` asks for in the background (or answers the one under way, or on a reload the one this code started). Never the refresh token.',
    input: z.strictObject({
      /** The spec's payload names the therapist; when sent it must be the caller. */
      therapistId: objectId.optional(),
      code: z.string({ error: accountingMessages.codeInvalid }).min(1, accountingMessages.codeInvalid).max(2048).regex(/^[\w.~+/=-]+$/, accountingMessages.codeInvalid),
      state: z.string({ error: accountingMessages.stateInvalid }).min(1, accountingMessages.stateInvalid).max(2048).regex(/^[\w.-]+$/, accountingMessages.stateInvalid),
    }),
    output: transferStarted,
  }),
  syncDinero: defineAction({
    access: 'owner',
    plan: 'pro',
    summary:
      "The shell's sync icon: starts a transfer of what is not yet in the organisation in the background (or answers the one under way).",
    input: z.strictObject({}),
    output: transferStarted,
  }),
  getAccountingTransfer: defineAction({
    access: 'owner',
    summary: 'A transfer of the clinic (by `number`, or the latest): how far it has come, its counts, its result when over.',
    input: z.strictObject({ number: z.number().int().min(1).max(1_000_000_000).optional() }),
    output: z.strictObject({ data: accountingTransferSchema.nullable() }),
  }),
  disconnectDinero: defineAction({
    access: 'owner',
    summary: 'Removes the link to the accounting organisation (the refresh token is deleted).',
    input: z.strictObject({}),
    output: messageAnswer,
  }),
  getDineroStatus: defineAction({
    access: 'therapist',
    summary: 'Add-on active, organisation connected (its id), invoices waiting. Never a token.',
    input: z.strictObject({}),
    output: z.strictObject({ data: accountingStatusSchema }),
  }),
} as const;


