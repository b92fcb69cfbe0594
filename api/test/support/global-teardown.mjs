import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const database = globalThis.__klinikTestDatabase;
  if (!database) return;
  await database.handle.stop();
  rmSync(database.dataDir, { recursive: true, force: true });
}
