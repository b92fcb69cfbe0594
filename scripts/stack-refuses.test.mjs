/**
 * `npm start` refuses, before it starts anything, to start beside what runs already (scripts/stack.mjs
 * `assertFreeToStart`): another stack on the same data folder (a second `npm start` once stopped the first one's
 * embedded database), or a port another program holds. Nothing is started, so the data folder gets no database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { StartRefused, assertFreeToStart, stackStateFile, startStack } from './stack.mjs';

let dataDir;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-stack-refuses-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Servers of this process on free ports, to stand for programs that hold them (or, closed, for free ports). */
async function listening(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = net.createServer((socket) => socket.destroy());
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  const ports = servers.map((server) => server.address().port);
  const close = () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return { ports, close };
}

/** The stack's eight ports, all free (the servers that found them are closed again). */
async function freePorts() {
  const { ports, close } = await listening(8);
  await close();
  const [shell, mf_calendar, mf_clients, mf_invoices, mf_commerce, mf_admin, mf_booking, api] = ports;
  return { shell, mf_calendar, mf_clients, mf_invoices, mf_commerce, mf_admin, mf_booking, api };
}

const nothingStarted = () => expect(existsSync(path.join(dataDir, 'ferretdb'))).toBe(false);

it('refuses a second stack on a data folder whose stack still runs, and names it', async () => {
  // The running stack's process: any live process other than this one.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    writeFileSync(stackStateFile(dataDir), JSON.stringify({ mongodbUri: 'mongodb://127.0.0.1:1/', apiUrl: 'http://localhost:4000/api', pid: other.pid }));
    const refused = startStack({ dataDir, ports: await freePorts(), log: () => undefined });
    await expect(refused).rejects.toBeInstanceOf(StartRefused);
    await expect(refused).rejects.toThrow(`Klinik already runs on the data folder ${dataDir}: process ${other.pid} (its API: http://localhost:4000/api)`);
    nothingStarted();
  } finally {
    other.kill('SIGKILL');
  }
});

it('takes a stack.json whose process has ended, or is no Node.js process, for a leftover and goes on (here to the next refusal)', async () => {
  const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => ended.once('exit', resolve));
  // A pid the system gave to another program since the stack was killed.
  const stranger = spawn('sleep', ['30'], { stdio: 'ignore' });
  const held = await listening(1);
  try {
    for (const pid of [ended.pid, ...(existsSync('/proc/self') ? [stranger.pid] : [])]) {
      writeFileSync(stackStateFile(dataDir), JSON.stringify({ apiUrl: 'http://localhost:4000/api', pid }));
      await expect(startStack({ dataDir, ports: { ...(await freePorts()), mf_admin: held.ports[0] }, log: () => undefined })).rejects.toThrow(/^Port \d+ \(mf_admin\) is in use/);
    }
  } finally {
    stranger.kill('SIGKILL');
    await held.close();
  }
  nothingStarted();
});

it('refuses ports another program holds, naming each, before starting anything', async () => {
  const held = await listening(3);
  try {
    // A port of the caller's own beside the stack's (the journeys pass their mail server's): not the stack's to check.
    const ports = { ...(await freePorts()), shell: held.ports[0], api: held.ports[1], smtp: held.ports[2] };
    const refused = startStack({ dataDir, ports, log: () => undefined });
    await expect(refused).rejects.toBeInstanceOf(StartRefused);
    await expect(refused).rejects.toThrow(`Ports ${held.ports[0]} (shell), ${held.ports[1]} (api) are in use by another program, so`);
    nothingStarted();
  } finally {
    await held.close();
  }
});

it("stops the API a killed stack left running on the folder's port, then finds the ports free", async () => {
  const ports = await freePorts();
  // Stands for `node api/dist/main.js` (its command line names that file), holding the API's port.
  const api = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${ports.api}, '127.0.0.1', () => console.log('listening'))`, path.join('api', 'dist', 'main.js')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise((resolve) => api.stdout.once('data', resolve));
    const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(stackStateFile(dataDir), JSON.stringify({ apiUrl: `http://localhost:${ports.api}/api`, pid: ended.pid, apiPid: api.pid }));
    const lines = [];
    await assertFreeToStart({ dataDir, ports, log: (line) => lines.push(line) });
    expect(lines).toEqual([`Stopping the API an earlier Klinik on this data folder left running (pid ${api.pid})`]);
    await new Promise((resolve) => (api.exitCode !== null || api.signalCode !== null ? resolve() : api.once('exit', resolve)));
    expect(api.signalCode).toBe('SIGTERM');
  } finally {
    api.kill('SIGKILL');
  }
  nothingStarted();
});

it("leaves alone a process that only has the pid a killed stack's API had", async () => {
  const ports = await freePorts();
  const stranger = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    const ended = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(stackStateFile(dataDir), JSON.stringify({ pid: ended.pid, apiPid: stranger.pid }));
    await assertFreeToStart({ dataDir, ports, log: () => undefined });
    expect(stranger.exitCode ?? stranger.signalCode).toBeNull();
  } finally {
    stranger.kill('SIGKILL');
  }
});
