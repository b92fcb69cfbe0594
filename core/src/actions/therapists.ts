/**
 * Therapist administration and the owner (spec 3 §7 'Therapists and owner' and 'Therapist subscription').
 * The owner manages the clinic's therapists (at most five), their subscriptions and the owner role; every therapist
 * manages their own availability, colours and profile, and only their own.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants.js';
import { defineAction, messageAnswer, noInput } from '../contract.js';
// Spec 3 §5's e-mail fields: 'Personlige oplysninger i e-mail påkrævet', 'Ugyldigt e-mailadresseformat'.
import { officeEmail as email } from '../company.js';
import { givenPassword, newPassword, objectId, phone, requiredText } from '../fields.js';
import { messages } from '../messages.js';
import { OCCUPATION_IDS, THERAPIST_PLAN_TYPES, THERAPIST_SUBSCRIPTION_STATUSES, therapistMessages } from '../therapists.js';
import { idempotencyKey } from './commerce.js';

/** Spec 3 §5 contact form: phone required and digits only. */
const digitsPhone = z
  .string({ error: messages.required('Telefonnummer') })
  .trim()
  .min(1, messages.required('Telefonnummer'))
  .max(PHONE_MAX_LENGTH, messages.tooLong('Telefonnummer', PHONE_MAX_LENGTH))
  .regex(/^\d+$/, therapistMessages.phoneDigits);

const occupation = z
  .array(z.enum(OCCUPATION_IDS, { error: therapistMessages.occupationRequired }), { error: therapistMessages.occupationRequired })
  .min(1, therapistMessages.occupationRequired)
  .max(OCCUPATION_IDS.length)
  .transform((ids) => [...new Set(ids)]);

export const therapistFormSchema = z.strictObject({
  nameFirst: requiredText('Fornavn'),
  nameLast: requiredText('Efternavn'),
  email,
  phone: digitsPhone,
  occupation,
});
export type TherapistForm = z.input<typeof therapistFormSchema>;

const subscriptionView = z.strictObject({
  planType: z.enum(THERAPIST_PLAN_TYPES),
  /** The status now (an active trial past its end is 'expired'). */
  status: z.enum(THERAPIST_SUBSCRIPTION_STATUSES),
  endsAt: z.number().nullable(),
  isActive: z.boolean(),
});

export const therapistRowSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
  /** Whether the therapist has set a password (an invited one has not yet). */
  hasPassword: z.boolean(),
  createdAt: z.number(),
  occupation: z.array(z.strictObject({ id: z.string(), danishName: z.string() })),
  therapistSubscription: subscriptionView.nullable(),
  colors: z.array(z.string()),
});
export type TherapistRow = z.infer<typeof therapistRowSchema>;

const hexColour = z.string().max(200).regex(/^#[0-9a-fA-F]{6}$/, 'Vælg en farve');

export const createUserSchema = z
  .strictObject({
    nameFirst: requiredText('Fornavn', NAME_MAX_LENGTH),
    nameLast: requiredText('Efternavn', NAME_MAX_LENGTH),
    email,
    phone,
    password: newPassword,
    confirmPassword: z.string({ error: messages.passwordsDiffer }).max(1000, messages.passwordsDiffer),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDiffer });
  });

const therapistList = z.strictObject({ data: z.array(therapistRowSchema) });

export const therapistActions = {
  getAllTherapistByCompany: defineAction({
    access: 'owner',
    summary: "The clinic's therapists page by page (page from 1; size 5, 10 or 25), searched by name, e-mail or phone; with `totalTherapist`.",
    input: z.strictObject({
      page: z.number().int().min(1).default(1),
      size: z.union([z.literal(5), z.literal(10), z.literal(25)]).default(10),
      search: z.string().trim().max(100).default(''),
    }),
    output: z.strictObject({ data: z.array(therapistRowSchema), totalTherapist: z.number().int() }),
  }),
  addTherapistByCompany: defineAction({
    access: 'owner',
    mailsTypedAddresses: true,
    summary:
      'Adds a therapist (at most 5 per clinic, the owner included; enforced under concurrency) and mails a single-use /set-password link. Answers a list whose first item has the id; the plan choice follows.',
    input: therapistFormSchema,
    output: z.strictObject({ message: z.string(), data: z.array(z.strictObject({ id: z.string() })) }),
  }),
  updateTherapistByCompany: defineAction({
    access: 'owner',
    summary: "Changes a therapist's name, e-mail (also their username), phone and occupations.",
    input: therapistFormSchema.extend({ id: objectId }),
    output: messageAnswer,
  }),
  deleteTherapistByCompany: defineAction({
    access: 'owner',
    summary:
      "Removes a therapist's access for good (refused while they have bookings ahead; never the owner). Their clients, journals, invoices and past bookings stay with the clinic (docs/decisions/0029-therapist-seats-and-colleague-trials.md).",
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getAllOccupation: defineAction({
    access: 'therapist',
    summary: 'The occupations a therapist can hold.',
    input: noInput,
    output: z.strictObject({ data: z.array(z.strictObject({ id: z.string(), danishName: z.string() })) }),
  }),
  addTherapist: defineAction({
    access: 'owner',
    summary: 'The users page: creates a therapist with a password of the owner\'s choosing (username is the e-mail; trial now + 90 days). Counts against the limit of 5.',
    input: createUserSchema,
    output: messageAnswer,
  }),
  getAllTherapist: defineAction({
    access: 'owner',
    summary: 'The users table: every therapist of the clinic (the owner too).',
    input: noInput,
    output: therapistList,
  }),
  getAllTherapistWithAdmin: defineAction({
    access: 'owner',
    summary: 'Owner handover: the therapists who could become the owner (active, with a password, not the caller).',
    input: noInput,
    output: therapistList,
  }),
  setOwnerByCompany: defineAction({
    access: 'owner',
    summary:
      "Hands the owner role to another therapist of the clinic after the owner's own password; the old owner's sessions end at once (their old token has no owner rights).",
    input: z.strictObject({ therapistId: z.string({ error: therapistMessages.chooseAdministrator }).max(200).regex(/^[a-f0-9]{24}$/i, therapistMessages.chooseAdministrator), password: givenPassword }),
    output: messageAnswer,
  }),
  setTherapistAvailable: defineAction({
    access: 'therapist',
    summary: "'Jeg kan tage nye klienter': a therapist sets their own availability, and only their own.",
    input: z.strictObject({ therapistId: objectId, isAvailable: z.boolean() }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ isAvailable: z.boolean() }) }),
  }),
  setTherapist: defineAction({
    access: 'therapist',
    summary: "The caller's own profile: name, phone and colours (the second colour is the theme colour of their calendar).",
    input: z.strictObject({
      nameFirst: requiredText('Fornavn').optional(),
      nameLast: requiredText('Efternavn').optional(),
      phone: phone.optional(),
      colors: z.array(hexColour).min(2).max(6).optional(),
    }),
    output: messageAnswer,
  }),
  adminPurchaseTherapistFreeSubscription: defineAction({
    access: 'owner',
    summary: "Starts a therapist's free trial (one month at 0 kr.), once per therapist.",
    input: z.strictObject({ therapistId: objectId }),
    output: messageAnswer,
  }),
  adminPurchaseTherapistProSubscription: defineAction({
    access: 'owner',
    summary:
      "Activates a therapist on Pro: a monthly subscription on a saved card (`cardId`) at once, or `url` to the provider's page. Also makes a deactivated therapist active again. One purchase per idempotency key.",
    input: z.strictObject({ therapistId: objectId, cardId: z.string().max(200).regex(/^ca_[a-f0-9]{8,64}$/).nullable().default(null), idempotencyKey }),
    output: z.strictObject({ message: z.string(), url: z.string().optional() }),
  }),
  adminCancelTherapistSubscription: defineAction({
    access: 'owner',
    summary:
      "Stop-subscription: the therapist keeps access to the end of the period. With `deactive`: access ends at once (their sessions stop on their next call) and the subscription is cancelled too.",
    input: z.strictObject({ therapistId: objectId, deactive: z.boolean().default(false) }),
    output: messageAnswer,
  }),
};
