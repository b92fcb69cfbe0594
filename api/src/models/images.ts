/** The image aggregate: stored images and the clinic's storage ledger. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

/**
 * A stored image (spec 2, Image entry): the EXIF-free original and its 800 px copy in the blob store. `status`
 * is 'uploading' until both blobs and the storage entry are written; only 'ready' images are shown.
 */
const imageSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['profile', 'journal'], required: true },
    imageName: { type: String, required: true },
    contentType: { type: String, required: true },
    blobKey: { type: String, required: true },
    previewKey: { type: String, required: true },
    bytes: { type: Number, default: 0 },
    status: { type: String, enum: ['uploading', 'ready'], default: 'uploading' },
    createdAt: { type: Number, default: now },
    /** Spec 2 Image entry `isGoogleImage`: the id of the copy on the uploader's drive (cloud-drive backup). */
    googleFileId: { type: String, default: null },
  },
  { versionKey: false },
);
imageSchema.index({ companyId: 1, clientId: 1, createdAt: -1 });

/**
 * The storage ledger: +bytes when an image is stored, −bytes when it is deleted. `_id` is `<imageId>:add` or
 * `<imageId>:del`, so a retried upload or delete cannot count twice. Used bytes are the sum, which stays exact
 * under any concurrency (an `$inc`ed counter is not atomic on FerretDB 1.24:
 * docs/decisions/0004-concurrency-by-id-claims.md).
 */
const storageEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    bytes: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type ImageDoc = InferSchemaType<typeof imageSchema> & { _id: Types.ObjectId };

export const imageModels = {
  Image: defineModel(imageSchema, { kind: 'tenant', client: 'clientId' }),
  StorageEntry: defineModel(storageEntrySchema, { kind: 'tenant' }),
};
