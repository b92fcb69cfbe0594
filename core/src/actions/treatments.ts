/** The treatments catalogue (spec 3, Treatments). Durations and pauses in seconds, prices in DKK. */
import { z } from 'zod';
import { defineAction, messageAnswer } from '../contract.js';
import { objectId } from '../fields.js';
import { schedulingMessages } from '../messages-scheduling.js';
import { messages } from '../messages.js';

export const TREATMENT_PAGE_SIZES = [5, 10, 15] as const;
/** Spec 3 §9: duration presets in minutes (20 Min … 2 Hrs) and pause presets in minutes. */
export const DURATION_PRESET_MINUTES = [20, 25, 30, 45, 60, 120] as const;
export const PAUSE_PRESET_MINUTES = [0, 2, 5, 10, 12, 15] as const;

/** A price in DKK: a number, or a text with a Danish decimal comma; at most two decimals. */
export const priceDkk = z
  .union([z.number(), z.string().max(32, schedulingMessages.priceMustBeNumber)], { error: schedulingMessages.priceMustBeNumber })
  .transform((value) => {
    if (typeof value === 'number') return value;
    const text = value.trim();
    // The spec makes the price required: an empty field is not 0 kr. (a free treatment is typed as 0).
    if (text === '') return Number.NaN;
    // '1.234,50' (Danish) or '1234.50': with a comma, dots are thousands separators.
    return Number(text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text);
  })
  .refine((value) => Number.isFinite(value) && value >= 0 && value <= 1_000_000 && Math.round(value * 100) === Math.round(value * 100 * 1000) / 1000, schedulingMessages.priceMustBeNumber);

const durationSeconds = z
  .number({ error: schedulingMessages.durationRequired })
  .int(schedulingMessages.durationWholeFiveMinutes)
  .min(300, schedulingMessages.durationWholeFiveMinutes)
  .max(12 * 3600, schedulingMessages.durationWholeFiveMinutes)
  .refine((value) => value % 300 === 0, schedulingMessages.durationWholeFiveMinutes);

const pauseSeconds = z
  .number({ error: schedulingMessages.pauseRequired })
  .int(schedulingMessages.pauseWholeMinutes)
  .min(0, schedulingMessages.pauseWholeMinutes)
  .max(7200, schedulingMessages.pauseWholeMinutes)
  .refine((value) => value % 60 === 0, schedulingMessages.pauseWholeMinutes);

const treatmentName = z
  .string({ error: schedulingMessages.treatmentNameRequired })
  .trim()
  .min(1, schedulingMessages.treatmentNameRequired)
  .max(100, messages.tooLong('Navnet', 100));

export const treatmentSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  duration: z.number(),
  pause: z.number(),
  therapistId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  /** A health service exempt from VAT (momslovens § 13, stk. 1, nr. 1); otherwise its invoice lines carry 25 %. */
  vatExempt: z.boolean(),
  /** 'Betaling ved booking': nothing, the whole price, or a deposit (`depositOre`, øre incl. VAT) paid at online booking. */
  paymentAtBooking: z.enum(['none', 'full', 'deposit']),
  depositOre: z.number().int(),
  /** 'Gebyr ved udeblivelse eller sen afbestilling', øre incl. VAT; 0 when none. */
  noShowFeeOre: z.number().int(),
  /** Whether the caller may edit and delete it: their own treatments, or any for the owner. */
  isEdit: z.boolean(),
});
export type Treatment = z.infer<typeof treatmentSchema>;

const treatmentFields = {
  name: treatmentName,
  price: priceDkk,
  duration: durationSeconds,
  pause: pauseSeconds,
  /** Left out: a new treatment takes the clinic's default (not 'Momsregistreret' → exempt), a changed one keeps its own. */
  vatExempt: z.boolean({ error: 'Vælg om behandlingen er momsfri' }).optional(),
  /** Left out: a new treatment takes none, a changed one keeps its own (so do `depositOre` and `noShowFeeOre`). */
  paymentAtBooking: z.enum(['none', 'full', 'deposit'], { error: 'Vælg betaling ved booking' }).optional(),
  depositOre: z.number({ error: 'Depositum skal være et beløb' }).int('Depositum skal være et beløb i hele øre').min(0, 'Depositum skal være et beløb').optional(),
  noShowFeeOre: z.number({ error: 'Gebyret skal være et beløb' }).int('Gebyret skal være et beløb i hele øre').min(0, 'Gebyret skal være et beløb').optional(),
};

export const treatmentActions = {
  getAllTreatment: defineAction({
    access: 'therapist',
    summary: "The clinic's treatments, grouped per therapist, paginated; the owner searches treatment and therapist names, others treatment names.",
    input: z.strictObject({
      page: z.number().int().min(1).default(1),
      size: z.union([z.literal(5), z.literal(10), z.literal(15)]).default(10),
      search: z.string().trim().max(100).default(''),
    }),
    output: z.strictObject({ data: z.array(treatmentSchema), total: z.number().int() }),
  }),
  getTreatment: defineAction({
    access: 'therapist',
    summary: 'One treatment of the clinic.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: treatmentSchema }),
  }),
  addTreatment: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Adds a treatment for the caller (the owner may name another therapist of the clinic).",
    input: z.strictObject({ ...treatmentFields, therapistId: objectId.optional() }),
    output: z.strictObject({ message: z.string(), data: treatmentSchema }),
  }),
  setTreatment: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Changes a treatment the caller may edit (isEdit).',
    input: z.strictObject({ id: objectId, ...treatmentFields }),
    output: z.strictObject({ message: z.string(), data: treatmentSchema }),
  }),
  deleteTreatment: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a treatment the caller may edit; bookings keep their own copy of its name and times.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getTreatmentsFromTherapist: defineAction({
    access: 'therapist',
    summary: "A therapist's treatments (the caller's own by default).",
    input: z.strictObject({ therapistId: objectId.optional() }),
    output: z.strictObject({ data: z.array(treatmentSchema) }),
  }),
  getAvailableTreatmentsFromTherapist: defineAction({
    access: 'therapist',
    summary: 'The treatments that can be booked with a therapist now (the booking drawer).',
    input: z.strictObject({ therapistId: objectId.optional() }),
    output: z.strictObject({ data: z.array(treatmentSchema) }),
  }),
} as const;
