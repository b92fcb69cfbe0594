/** The development outbox (mails and SMS that would have been sent), viewable at /dev/outbox. */
import { Schema } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const outboxMailSchema = new Schema(
  {
    to: { type: [String], required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, default: null },
    /** What was attached; a text attachment (a calendar file) with its text, so a journey can read it back. */
    attachments: {
      type: [new Schema({ filename: String, contentType: String, size: Number, text: { type: String, default: null } }, { _id: false })],
      default: () => [],
    },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/** One document per message reference (the sending job's id): a second send of the same message finds it there. */
const outboxSmsSchema = new Schema(
  {
    _id: { type: String, required: true },
    to: { type: String, required: true },
    text: { type: String, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
outboxSmsSchema.index({ createdAt: -1 });

export const outboxModels = {
  OutboxMail: defineModel(outboxMailSchema, { kind: 'platform', why: 'development only: what would have been mailed, from any clinic' }),
  OutboxSms: defineModel(outboxSmsSchema, { kind: 'platform', why: 'development only: the SMS that would have been sent, from any clinic' }),
};
