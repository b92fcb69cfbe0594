/** Accounts and sessions (spec 1 §4, §5, §7, §8). */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { cvr, email, givenPassword, linkToken, newPassword, phone, post, requiredText, username } from '../fields.js';
import { messages } from '../messages.js';
import { PLAN_STATUSES, PLAN_TYPES } from '../plan.js';

/**
 * The device token a sign-in answers and the sign-in form sends back next time: a browser that signed in to the
 * account before keeps its own allowance of attempts while a stranger has used up the account's (see the API's
 * domain/accounts/throttle.ts). Optional, and an invalid one counts as none.
 */
const deviceToken = z.string().max(2000).optional();
/** The code from the authenticator app, or a recovery code, for an account with two-factor sign-in. */
const otp = z.string().trim().max(40).optional();
const tokenAnswer = z.strictObject({ token: z.string(), expiresIn: z.number().int().positive(), deviceToken: z.string() });

export const therapistInfoSchema = z
  .strictObject({
    nameFirst: requiredText('Fornavn'),
    nameLast: requiredText('Efternavn'),
    email,
    phone,
    password: newPassword,
    confirmPassword: z.string({ error: messages.passwordsDiffer }).max(1000, messages.passwordsDiffer),
    newsletter: z.boolean().default(true),
    termsAccepted: z.boolean({ error: messages.termsRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordsDiffer });
    }
    if (value.termsAccepted !== true) {
      ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: messages.termsRequired });
    }
  });

export const companyInfoSchema = z.strictObject({
  companyName: requiredText('Firmanavn'),
  CVR: cvr,
  address: requiredText('Adresse'),
  post,
  town: requiredText('By'),
  email,
  phone,
});

export const registerInput = z.strictObject({
  therapistInfo: therapistInfoSchema,
  companyInfo: companyInfoSchema,
});

export const therapistViewSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
  newsletter: z.boolean(),
  trial: z.number().nullable(),
  createdAt: z.number(),
  colors: z.array(z.string()),
  company: z.strictObject({
    id: z.string(),
    companyName: z.string(),
    companyEmail: z.string(),
    companyPhone: z.string(),
    planType: z.enum(PLAN_TYPES),
    status: z.enum(PLAN_STATUSES),
    trial: z.number().nullable(),
    cancelDate: z.number().nullable(),
    /** Pro bought during the free trial: it starts (and is first charged) then; null otherwise. */
    proStartsAt: z.number().nullable(),
    logo: z.string().nullable(),
    dineroOrgId: z.string().nullable(),
    /** Whether an accounting organisation is connected; the refresh token itself never leaves the server. */
    dineroConnected: z.boolean(),
  }),
});
export type TherapistView = z.infer<typeof therapistViewSchema>;

export const authActions = {
  login: defineAction({
    access: 'public',
    // Every attempt per address; per account and address prefix (or per known device) the API's sign-in throttle
    // (domain/accounts/throttle.ts) slows wrong passwords down after ten.
    rateLimit: { points: 100, durationSeconds: 15 * 60 },
    summary: 'Therapist sign-in with username (e-mail) and password; answers a token and its lifetime in seconds, and a device token for the next sign-in.',
    input: z.strictObject({ username, password: givenPassword, deviceToken, otp }),
    output: tokenAnswer,
  }),
  logout: defineAction({
    access: 'therapist',
    worksWithoutSubscription: true,
    summary: 'Ends every session of the caller at once (bumps the token version).',
    input: noInput,
    output: messageAnswer,
  }),
  register: defineAction({
    access: 'public',
    // Each registration makes a clinic and sends a mail: a few per address and hour.
    rateLimit: { points: 10, durationSeconds: 60 * 60 },
    summary: 'Creates the clinic and its first therapist (owner); username is the e-mail, trial now + 30 days.',
    input: registerInput,
    output: z.strictObject({ message: z.string(), data: z.strictObject({ therapistId: z.string(), companyId: z.string() }) }),
  }),
  confirmEmail: defineAction({
    access: 'public',
    // The link's token is signed and cannot be guessed; an owner opens it once or twice. This only stops a script
    // from hammering the check: a whole office behind one address still has room.
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      "Confirms the registering owner's e-mail from the signed link of the registration mail (/confirm-email?token=…; `confirmToken`: `token` is the session field); until then the clinic cannot mail its clients.",
    input: z.strictObject({ confirmToken: z.string({ error: 'Linket mangler sin kode' }).min(1, 'Linket mangler sin kode').max(2000) }),
    output: messageAnswer,
  }),
  checkUsername: defineAction({
    access: 'public',
    rateLimit: { points: 300, durationSeconds: 15 * 60 },
    summary: 'Whether a username (e-mail) is still free.',
    input: z.strictObject({ name: username }),
    output: z.strictObject({ data: z.strictObject({ available: z.boolean() }) }),
  }),
  checkPassword: defineAction({
    access: 'therapist',
    summary: "Verifies the caller's own password (owner handover and other re-confirmations).",
    input: z.strictObject({ password: givenPassword }),
    output: z.strictObject({ data: z.strictObject({ verified: z.literal(true) }) }),
  }),
  setPassword: defineAction({
    access: 'therapist',
    summary: 'Changes the own password; ends other sessions and answers a fresh token.',
    input: z.strictObject({
      oldPassword: z.string({ error: messages.allFieldsRequired }).min(1, messages.allFieldsRequired).max(200),
      newPassword,
    }),
    output: z.strictObject({ message: z.string(), token: z.string(), expiresIn: z.number().int().positive() }),
  }),
  resetPassword: defineAction({
    access: 'public',
    // Requests per requesting address; per account only the mails are capped (the API's `resetPassword:mail`), so
    // no stranger can use up the owner's resets.
    rateLimit: { points: 10, durationSeconds: 60 * 60 },
    summary: 'Mails a single-use, expiring link to /reset_password?token=… to the account with this e-mail.',
    input: z.strictObject({ email }),
    output: messageAnswer,
  }),
  resetPasswordWithToken: defineAction({
    access: 'public',
    // A link is used once; retries after a refused password and a clinic's five therapists behind one address fit
    // easily, while guessing tokens (signed, unguessable anyway) is kept slow.
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: 'Sets a new password from the token of a reset link (`resetToken`: `token` is the session field); the token is used up and old sessions end.',
    input: z.strictObject({ resetToken: linkToken, password: newPassword }),
    output: messageAnswer,
  }),
  therapistSetPassword: defineAction({
    access: 'public',
    // As resetPasswordWithToken: an invited colleague sets a password once, perhaps after a refused first try.
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: 'Sets the password of an invited therapist; `id` is the single-use token from /set-password?id=….',
    input: z.strictObject({ id: linkToken, password: newPassword }),
    output: messageAnswer,
  }),
  getTherapist: defineAction({
    access: 'therapist',
    worksWithoutSubscription: true,
    summary: "The signed-in therapist with the company's plan type and status.",
    input: noInput,
    output: z.strictObject({ data: therapistViewSchema }),
  }),
  adminCheck: defineAction({
    access: 'public',
    rateLimit: { points: 10, durationSeconds: 15 * 60 },
    summary:
      "Platform administrator sign-in: a named administrator's username and own password (the spec has one shared password); answers adminToken and a device token. Every attempt is audited.",
    input: z.strictObject({ username, password: givenPassword, deviceToken, otp }),
    output: z.strictObject({ adminToken: z.string(), expiresIn: z.number().int().positive(), deviceToken: z.string() }),
  }),
  teamLogin: defineAction({
    access: 'public',
    rateLimit: { points: 100, durationSeconds: 15 * 60 },
    summary: 'Support-team sign-in; answers teamToken and a device token for the next sign-in.',
    input: z.strictObject({ username, password: givenPassword, deviceToken, otp }),
    output: z.strictObject({ teamToken: z.string(), expiresIn: z.number().int().positive(), deviceToken: z.string() }),
  }),
  twoFactorSetup: defineAction({
    access: 'therapist',
    summary: 'Starts optional two-factor sign-in (TOTP): a new secret and its otpauth:// address for the app; on once twoFactorEnable gets a first code.',
    input: noInput,
    output: z.strictObject({ data: z.strictObject({ secret: z.string(), otpauthUrl: z.string() }) }),
  }),
  twoFactorEnable: defineAction({
    access: 'therapist',
    summary: 'Turns two-factor sign-in on with the first code from the app; answers ten single-use recovery codes, shown once.',
    input: z.strictObject({ code: z.string({ error: 'Indtast koden fra din godkendelsesapp' }).trim().min(6, 'Indtast koden fra din godkendelsesapp').max(10) }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ recoveryCodes: z.array(z.string()) }) }),
  }),
  twoFactorDisable: defineAction({
    access: 'therapist',
    summary: "Turns the caller's two-factor sign-in off after their password.",
    input: z.strictObject({ password: givenPassword }),
    output: messageAnswer,
  }),
  purchasedFreePlanSubscription: defineAction({
    access: 'owner',
    summary: 'Starts the one-month free trial: planType freeTrial, status active, its month counted from now (not from registration).',
    input: noInput,
    output: z.strictObject({
      message: z.string(),
      data: z.strictObject({ planType: z.enum(PLAN_TYPES), status: z.enum(PLAN_STATUSES), trial: z.number().nullable() }),
    }),
  }),
} as const;
