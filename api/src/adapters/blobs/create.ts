/** Chooses the blob store by configuration (BLOB_STORE; see index.ts and s3.ts). */
import type { ApiConfig } from '../../config.js';
import { createS3BlobStore } from './s3.js';
import { createLocalBlobStore, type BlobStore } from './index.js';

export function createBlobStore(config: Pick<ApiConfig, 'blobStore' | 'blobDir' | 's3'>): BlobStore {
  if (config.blobStore === 'local') return createLocalBlobStore(config.blobDir);
  // configFromEnv refuses BLOB_STORE=s3 without a bucket, so a missing one is a programming error.
  if (!config.s3) throw new Error('BLOB_STORE=s3 needs its configuration (S3_BUCKET)');
  return createS3BlobStore(config.s3);
}
