/** `@klinik/devkit/blobs`: MinIO built and started on this machine, the S3 store of the tests (s3-server.ts). */
export { ensureS3ServerBinary, minioBinaryPath, MINIO_MODULE, MINIO_VERSION, s3BlobStoreEnv, startS3Server, type S3Server, type S3ServerOptions } from './s3-server.js';
