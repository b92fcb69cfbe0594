/**
 * `@klinik/devkit/database`: the embedded database built and started for development and tests (FerretDB 1.24 with
 * its SQLite backend, patched; launcher.ts), and the SQLite tool the backup reads its files with (sqlite-tool.ts).
 * The API loads it through api/src/db/embedded.ts when MONGODB_URI is not set.
 */
export { cacheDir, ensureBuiltBinary, ensureFerretDb, launchDatabase, listensOn, stopChild } from './launcher.js';
export { ensureSqliteTool, inspectSqlite, snapshotSqlite, type SqliteDescription } from './sqlite-tool.js';
