/**
 * /Kontakt (spec 2: Newsletter and follow-up settings, §7 Newsletters, getClientsFromTherapistNewsletterList;
 * spec 1: /Newsletter, Year-to-date SMS data, SMS constants): newsletters, follow-up mails after a treatment or a
 * course day, SMS reminders before a booking or a course day, the messages sent and scheduled, and SMS usage.
 *
 * Sending happens in jobs (api/src/jobs/messages.ts): an action only records what is to be sent; the answer comes at
 * once and the progress is read with getNewsletterSends.
 */
import { z } from 'zod';
import { DEFAULT_REMINDER_LEAD_HOURS, EMAIL_MAX_LENGTH, FOLLOW_UP_TEXT_MAX, NEWSLETTER_MESSAGE_MAX, NEWSLETTER_SELECTION_MAX } from '../constants.js';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { objectId } from '../fields.js';
import { contactMessages as M } from '../messages-contact.js';

export const newsletterSendStates = ['preparing', 'sending', 'done'] as const;

/** One sending of a newsletter: whom it went to and how far it has come (counted from its messages). */
export const newsletterSendSchema = z.strictObject({
  id: z.string(),
  newsletterId: z.string(),
  subject: z.string(),
  audience: z.enum(['all', 'selection']),
  state: z.enum(newsletterSendStates),
  /** How many clients it goes to (known once prepared). */
  recipients: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  therapistName: z.string(),
});
export type NewsletterSend = z.infer<typeof newsletterSendSchema>;

export const newsletterSchema = z.strictObject({
  id: z.string(),
  subject: z.string(),
  /** Sanitised HTML (the course description editor's subset). */
  message: z.string(),
  therapistId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The latest sending of this newsletter, if any. */
  lastSend: newsletterSendSchema.nullable(),
  /** Whether the caller may change and send it: their own newsletters, or any for the owner. */
  isEdit: z.boolean(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

const subject = z.string({ error: M.subjectRequired }).trim().min(1, M.subjectRequired).max(200, M.subjectTooLong);
/** Rich text from the editor; what is left after sanitising must not be empty. */
const message = z.string({ error: M.messageRequired }).max(NEWSLETTER_MESSAGE_MAX, M.messageTooLong).refine((value) => value.replace(/<[^>]*>/g, '').trim().length > 0, M.messageRequired);

const followUpDays = z.number({ error: M.followUpDays }).int(M.followUpDays).min(1, M.followUpDays).max(365, M.followUpDays);
const followUpText = z.string().trim().max(FOLLOW_UP_TEXT_MAX, M.followUpTextTooLong);

/** Follow-up and reminder settings of a therapist (spec 2: Follow-up settings on the therapist). */
export const contactSettingsSchema = z.strictObject({
  /** A follow-up mail `followUpTime` days after a treatment, to clients with follow-up on. */
  followUp: z.boolean(),
  followUpText: z.string(),
  followUpTime: z.number().int(),
  /** The same after a course day. */
  followUpCourse: z.boolean(),
  followUpTextCourse: z.string(),
  followUpTimeCourse: z.number().int(),
  /** SMS reminders to clients with reminders on, `reminderLeadHours` before a booking or a course day. */
  reminders: z.boolean(),
  reminderLeadHours: z.number().int(),
  /** The clinic's name and address as the reminder names them (from Firmaindstillinger). */
  clinicName: z.string(),
  clinicAddress: z.string(),
});
export type ContactSettings = z.infer<typeof contactSettingsSchema>;

export const contactSettingsInput = z
  .strictObject({
    followUp: z.boolean(),
    followUpText,
    followUpTime: followUpDays,
    followUpCourse: z.boolean(),
    followUpTextCourse: followUpText,
    followUpTimeCourse: followUpDays,
    reminders: z.boolean(),
    reminderLeadHours: z.number({ error: M.reminderLead }).int(M.reminderLead).min(1, M.reminderLead).max(168, M.reminderLead).default(DEFAULT_REMINDER_LEAD_HOURS),
  })
  .refine((value) => !value.followUp || value.followUpText.length > 0, { message: M.followUpTextRequired, path: ['followUpText'] })
  .refine((value) => !value.followUpCourse || value.followUpTextCourse.length > 0, { message: M.followUpTextRequired, path: ['followUpTextCourse'] });

export const messageKinds = ['reminder', 'courseReminder', 'followUp', 'followUpCourse', 'newsletter', 'waitlistOffer'] as const;
export type MessageKind = (typeof messageKinds)[number];
export const messageStates = ['scheduled', 'sending', 'sent', 'skipped', 'failed'] as const;

/** A message to one client: scheduled (not yet due or waiting for a retry), sent, skipped with a reason, or failed. */
export const messageItemSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(messageKinds),
  channel: z.enum(['sms', 'mail']),
  clientId: z.string(),
  recipient: z.string(),
  /** The e-mail or phone number it goes (or went) to; '' when there is none. */
  to: z.string(),
  dueAt: z.number(),
  state: z.enum(messageStates),
  sentAt: z.number().nullable(),
  /** Why it was skipped or failed; '' otherwise. */
  reason: z.string(),
  attempts: z.number().int(),
  therapistName: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const SMS_RESTRICTIONS = ['emailUnconfirmed', 'trial', 'noCard'] as const;
export type SmsRestriction = (typeof SMS_RESTRICTIONS)[number];

/** SMS usage (spec 1: Year-to-date SMS data; SMS constants): the month so far and the clinic's year to date. */
export const smsUsageSchema = z.strictObject({
  /** 'YYYY-MM', Copenhagen time. */
  month: z.string(),
  /** Free SMS per therapist per month (the clinic's freeTextsPerMonth, 20 unless the platform changed it). */
  quota: z.number().int(),
  /** The caller's SMS this month: free, and beyond the free quota (billed). */
  freeUsed: z.number().int(),
  paid: z.number().int(),
  /** What the paid ones cost, in øre without VAT (0,60 kr. each), and with VAT. */
  paidAmountOre: z.number().int(),
  paidAmountWithVatOre: z.number().int(),
  /** Reminders not sent this month because the number cannot receive SMS. */
  skipped: z.number().int(),
  /** The clinic's year to date, twelve comma-separated monthly values each (January first), as the spec stores them. */
  year: z.number().int(),
  freeTexts: z.string(),
  sentBooking: z.string(),
  sentCourse: z.string(),
  /** The clinic's choice: SMS to numbers outside Denmark, off unless the owner opts in. */
  smsAbroad: z.boolean(),
  /**
   * What holds SMS back now: the clinic's e-mail is not confirmed (no SMS at all), a trial stops at its free
   * quota, or there is no chargeable card (nothing beyond the free quota, nothing abroad).
   */
  restrictions: z.array(z.enum(SMS_RESTRICTIONS)),
});
export type SmsUsage = z.infer<typeof smsUsageSchema>;

export const newsletterClientSchema = z.strictObject({ id: z.string(), nameFirst: z.string(), nameLast: z.string(), email: z.string() });
export type NewsletterClient = z.infer<typeof newsletterClientSchema>;

const page = z.number().int().min(1).default(1);
const size = z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(50)]).default(10);

export const contactActions = {
  getTherapistNewsletters: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "The caller's newsletters (the owner: the clinic's), newest first, each with its latest sending.",
    input: noInput,
    output: z.strictObject({ data: z.array(newsletterSchema) }),
  }),
  addNewsletter: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Adds a newsletter (subject, rich-text message; sanitised like a course description).',
    input: z.strictObject({ subject, message }),
    output: z.strictObject({ message: z.string(), data: newsletterSchema }),
  }),
  setNewsletter: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Changes a newsletter; sendings already made keep the text they were sent with.',
    input: z.strictObject({ id: objectId, subject, message }),
    output: z.strictObject({ message: z.string(), data: newsletterSchema }),
  }),
  deleteNewsletter: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a newsletter; a sending under way finishes, and sendings stay in the list of sent messages.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  sendNewsletterToAll: defineAction({
    access: 'therapist',
    mailsTypedAddresses: true,
    plan: 'pro',
    summary:
      "Sends a newsletter to every client of the caller (the owner: of the clinic) with newsletter on and an e-mail; answers at once, the jobs send it (progress: getNewsletterSends).",
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string(), data: newsletterSendSchema }),
  }),
  sendNewsletterToSelection: defineAction({
    access: 'therapist',
    mailsTypedAddresses: true,
    plan: 'pro',
    summary: "Sends a newsletter to chosen clients of the caller's; ids the caller cannot see are refused; unsubscribed clients are skipped.",
    input: z.strictObject({
      id: objectId,
      clientIds: z.array(objectId, { error: M.selectionRequired }).min(1, M.selectionRequired).max(NEWSLETTER_SELECTION_MAX, M.selectionTooLarge),
    }),
    output: z.strictObject({ message: z.string(), data: newsletterSendSchema }),
  }),
  getNewsletterSends: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'The latest sendings (of one newsletter, or all), newest first, with their progress.',
    input: z.strictObject({ newsletterId: objectId.optional() }),
    output: z.strictObject({ data: z.array(newsletterSendSchema) }),
  }),
  getClientsFromTherapistNewsletterList: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "The caller's clients who can receive newsletters (newsletter on, an e-mail), paginated, searchable by name or e-mail.",
    input: z.strictObject({ page, size, search: z.string().trim().max(100).default('') }),
    output: z.strictObject({ data: z.array(newsletterClientSchema), total: z.number().int() }),
  }),
  getFollowUpSettings: defineAction({
    access: 'therapist',
    summary: "The caller's follow-up and SMS-reminder settings.",
    input: noInput,
    output: z.strictObject({ data: contactSettingsSchema }),
  }),
  saveFollowUpSettings: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Saves the caller's follow-up and SMS-reminder settings (a follow-up that is switched on needs its text).",
    input: contactSettingsInput,
    output: z.strictObject({ message: z.string(), data: contactSettingsSchema }),
  }),
  getScheduledMessages: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Messages due in the next 7 days or waiting for a retry: reminders, follow-ups and newsletters under way (the owner: the clinic).',
    input: noInput,
    output: z.strictObject({ data: z.array(messageItemSchema) }),
  }),
  getSentMessages: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Messages sent, skipped or failed, newest first (the owner: the clinic), paginated, optionally of one kind.',
    input: z.strictObject({ page, size, kind: z.enum(messageKinds).optional() }),
    output: z.strictObject({ data: z.array(messageItemSchema), total: z.number().int() }),
  }),
  getSmsUsage: defineAction({
    access: 'therapist',
    summary: "The caller's SMS this month (free and billed), the clinic's year to date, its SMS settings and what holds SMS back.",
    input: noInput,
    output: z.strictObject({ data: smsUsageSchema }),
  }),
  setSmsSettings: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: "The clinic's SMS settings: SMS to numbers outside Denmark; switching it on needs a paid plan and a chargeable card.",
    input: z.strictObject({ smsAbroad: z.boolean() }),
    output: z.strictObject({ message: z.string(), data: smsUsageSchema }),
  }),
  newsletterSignup: defineAction({
    access: 'public',
    // The sign-up mails a link: a few per address (sendings per clinic and day are the API's mail budgets).
    rateLimit: { points: 10, durationSeconds: 60 * 60 },
    summary:
      "The public /Newsletter page: mails a signed confirmation link to the address if it is a client's of the therapist's clinic; the same answer either way (nothing tells who is a client).",
    input: z.strictObject({
      therapistId: objectId,
      email: z.string({ error: M.emailInvalid }).trim().max(EMAIL_MAX_LENGTH, M.emailInvalid).pipe(z.email(M.emailInvalid)),
    }),
    output: messageAnswer,
  }),
  confirmNewsletterSignup: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: 'Double opt-in: the signed link from the sign-up mail turns the client\'s newsletter on.',
    // Not `token`: the endpoint reads `token` as the caller's session.
    input: z.strictObject({ signupToken: z.string().min(20, M.signupLinkInvalid).max(2000, M.signupLinkInvalid) }),
    output: messageAnswer,
  }),
} as const;
