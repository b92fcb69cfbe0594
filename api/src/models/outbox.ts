/** The development outbox (mails that would have been sent), viewable at /dev/outbox. */
import { Schema } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const outboxMailSchema = new Schema(
  {
    to: { type: [String], required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export const outboxModels = {
  OutboxMail: defineModel(outboxMailSchema, { kind: 'platform', why: 'development only: what would have been mailed, from any clinic' }),
};
