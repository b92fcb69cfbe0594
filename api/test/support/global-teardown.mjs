import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const s3Build = globalThis.__klinikS3Build;
  if (s3Build) {
    s3Build.controller.abort();
    await s3Build.building;
  }
  const database = globalThis.__klinikTestDatabase;
  if (!database) return;
  await database.handle.stop();
  rmSync(database.dataDir, { recursive: true, force: true });
}
