/**
 * What the public pages hand in that a therapist must look at before it touches a client record ('The
 * public surface tells nothing and writes nothing it should not'): an intake form sent without the clinic's signed
 * link, a booking, course sign-up or waiting-list request whose person the clinic could not verify (a CPR number the clinic knows with
 * another name or e-mail, or a new person while the therapist takes existing clients only); and a signed-in client's
 * request for their journal from 'Mine tider' (a patient's right to see it). The therapist accepts (attach to a
 * client, or create one; a journal request: the client is told the clinic sends it) or rejects it; either way the
 * submission goes. Nothing here is on a client.
 *
 * Scope: `tenant`, owned by the therapist the public page named (a therapist sees their own, the owner all).
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { intakeAnswerSchema } from './clients.js';
import { now } from './common.js';
import { defineModel } from './scope.js';

const personSchema = new Schema(
  {
    nameFirst: { type: String, required: true },
    nameLast: { type: String, required: true },
    CPR6Digit: { type: String, required: true },
    CPRLast4Digit: { type: String, required: true },
    email: { type: String, default: '' },
    phonePrivate: { type: String, default: '' },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
  },
  { _id: false },
);

const publicSubmissionSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['booking', 'course', 'intake', 'journal-request', 'waitlist'], required: true },
    person: { type: personSchema, required: true },
    /**
     * The keyed hash of the person's CPR number (security/encryption.ts `cprHash`, as the Client's `cprKey`), derived
     * on every write: a held submission is matched to the clinic's clients by it, never by the number.
     */
    cprKey: { type: String, default: '' },
    /**
     * Where it came from: the caller's address as the rate limits count it (an IPv4 address, an IPv6 /64).
     * Held submissions are capped per source (domain/online-booking/public-identity.ts holdSubmission).
     */
    sourceKey: { type: String, default: '' },
    /** kind 'booking': the time asked for (kept free on the public page while this waits). */
    treatmentId: { type: Schema.Types.ObjectId, default: null },
    treatmentName: { type: String, default: '' },
    from: { type: Number, default: 0 },
    to: { type: Number, default: 0 },
    pause: { type: Number, default: 0 },
    reason: { type: String, default: '' },
    /** kind 'course': the days asked for (counted as taken on the public page while this waits). */
    eventDateIds: { type: [Schema.Types.ObjectId], default: () => [] },
    /**
     * kind 'journal-request': the client who asked for their journal from 'Mine tider' (signed in by a mailed link, so
     * who asks is known, unlike the other kinds); accepting tells them the clinic sends it (online-booking/review.ts).
     */
    clientId: { type: Schema.Types.ObjectId, default: null },
    /** kind 'waitlist' (with `treatmentId`, `treatmentName`): the weekdays and hours that suit the person. */
    wishes: { type: new Schema({ days: { type: [Number], default: () => [] }, fromTime: String, toTime: String }, { _id: false }), default: null },
    /** kind 'intake': the answers. */
    answers: { type: [intakeAnswerSchema], default: () => [] },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
publicSubmissionSchema.index({ companyId: 1, createdAt: -1 });
publicSubmissionSchema.index({ companyId: 1, sourceKey: 1 });
// The CPR number, the reason typed on the booking page and the intake answers are health data, encrypted as on a client.
encryptedFields(publicSubmissionSchema, {
  paths: ['person.CPR6Digit', 'person.CPRLast4Digit', 'reason'],
  arrays: { answers: ['value'] },
  cprKeyFrom: ['person.CPR6Digit', 'person.CPRLast4Digit'],
});

/**
 * A signed intake-form link that has been used: `_id` `<companyId>:<sha-256 of the link's token>`, inserted before the
 * answers are written, so a link writes to its client once, also when two submissions race (FerretDB: only `_id`
 * uniqueness decides a race).
 */
const intakeLinkUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type PublicSubmissionDoc = InferSchemaType<typeof publicSubmissionSchema> & { _id: Types.ObjectId };

export const publicSubmissionModels = {
  PublicSubmission: defineModel(publicSubmissionSchema, { kind: 'tenant', owner: 'therapistId' }),
  IntakeLinkUse: defineModel(intakeLinkUseSchema, { kind: 'tenant' }),
};
