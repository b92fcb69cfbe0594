/** File helpers of the backup: walking a folder, checksums, copying a tree that changes while it is copied. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The files under `root`, as sorted paths relative to it with '/' separators; [] when `root` does not exist. */
export async function listFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .once('error', reject)
      .once('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * Copies every file under `from` to `to`. Files may vanish while it runs (the API deletes blobs as it goes on): one
 * that is gone by the time it is copied is skipped and counted, not an error.
 */
export async function copyTree(from: string, to: string): Promise<{ copied: number; vanished: number }> {
  let copied = 0;
  let vanished = 0;
  await mkdir(to, { recursive: true });
  for (const file of await listFiles(from)) {
    const target = path.join(to, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(from, ...file.split('/')), target);
      copied += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      vanished += 1;
    }
  }
  return { copied, vanished };
}

/** Path, size and SHA-256 of every file under `root` (relative paths, sorted). */
export async function describeFiles(root: string, files: string[]): Promise<{ path: string; bytes: number; sha256: string }[]> {
  const described = [];
  for (const file of files) {
    const absolute = path.join(root, ...file.split('/'));
    described.push({ path: file, bytes: (await stat(absolute)).size, sha256: await sha256OfFile(absolute) });
  }
  return described;
}
