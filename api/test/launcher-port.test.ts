/**
 * The embedded database's launcher hands out the server it started, never another one that happens to answer on the
 * same port. Two processes starting a database at once (jest's workers) could be handed the same free port; the one
 * whose FerretDB then failed to bind connected to the other's server, with another data folder, and its test found
 * none of its collections (an empty `explain`, once in CI). `listensOn` tells whose a listening socket is.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchDatabase, listensOn } from '@klinik/devkit/database';
import { ferretPidFile } from '../src/db/embedded.js';

const onLinux = process.platform === 'linux';

/** A plain TCP server of this process on a free port of 127.0.0.1. */
async function occupiedPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-launcher-port-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

(onLinux ? it : it.skip)('tells which process listens on a port', async () => {
  const occupied = await occupiedPort();
  try {
    expect(listensOn(process.pid, occupied.port)).toBe(true);
    expect(listensOn(process.pid, occupied.port + 1 === 65536 ? 1 : occupied.port + 1)).toBe(false);
  } finally {
    await occupied.close();
  }
  expect(listensOn(process.pid, occupied.port)).toBe(false);
});

(onLinux ? it : it.skip)('refuses a port another server answers on instead of handing that server out', async () => {
  const occupied = await occupiedPort();
  try {
    // Another process's server on the port the database is told to use: before, the launcher's readiness check
    // connected to it and returned its address as the database's.
    await expect(launchDatabase({ dataDir, ignoreEnv: true, port: occupied.port, log: () => undefined })).rejects.toThrow(
      /another server listens on port|exited during start-up/,
    );
  } finally {
    await occupied.close();
  }
});

it('starts on a port of its own when none is given, and says which', async () => {
  const database = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
  try {
    expect(database.kind).toBe('ferretdb');
    const port = Number(new URL(database.uri).port);
    expect(port).toBeGreaterThan(0);
    if (onLinux) expect(listensOn((JSON.parse(readFileSync(ferretPidFile(dataDir), 'utf8')) as { pid: number }).pid, port)).toBe(true);
  } finally {
    await database.stop();
  }
});

