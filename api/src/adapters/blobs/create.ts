/**
 * Chooses the blob store by configuration (BLOB_STORE; see index.ts and s3.ts). The S3 client is loaded only when the
 * store is S3: loading it is about a tenth of the API's start-up (0.15 s of 1.6 s on the two-core machine), which
 * every API process, test file and local start with the folder store paid for nothing.
 */
import type { ApiConfig } from '../../config.js';
import { createLocalBlobStore, type BlobStore } from './index.js';

export async function createBlobStore(config: Pick<ApiConfig, 'blobStore' | 'blobDir' | 's3'>): Promise<BlobStore> {
  if (config.blobStore === 'local') return createLocalBlobStore(config.blobDir);
  // configFromEnv refuses BLOB_STORE=s3 without a bucket, so a missing one is a programming error.
  if (!config.s3) throw new Error('BLOB_STORE=s3 needs its configuration (S3_BUCKET)');
  const { createS3BlobStore } = await import('./s3.js');
  return createS3BlobStore(config.s3);
}
