/**
 * Films a page through Chromium's screencast (CDP `Page.startScreencast`): every frame with its time, then ffmpeg
 * turns them into a small WebM (VP9, no sound) with each frame shown until the next one came.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

export interface Recording {
  /** Stops filming and writes `target` (a .webm); answers its size in bytes. */
  save(target: string): Promise<number>;
}

export async function record(page: Page): Promise<Recording> {
  const session = await page.context().newCDPSession(page);
  const frames: { file: string; at: number }[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'klinik-guide-'));
  session.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
    const file = path.join(dir, `${String(frames.length).padStart(5, '0')}.jpg`);
    writeFileSync(file, Buffer.from(frame.data, 'base64'));
    frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 });
    void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await session.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: 1280, maxHeight: 800, everyNthFrame: 1 });
  return {
    async save(target) {
      await session.send('Page.stopScreencast');
      await session.detach();
      if (frames.length === 0) throw new Error('no frames were filmed');
      // The concat list: each frame for as long as it was on screen; the last one for two seconds.
      const lines = frames.flatMap((frame, index) => {
        const next = frames[index + 1];
        const seconds = next ? Math.max(0.04, next.at - frame.at) : 2;
        return [`file '${frame.file}'`, `duration ${seconds.toFixed(3)}`];
      });
      lines.push(`file '${frames.at(-1)!.file}'`);
      const list = path.join(dir, 'frames.txt');
      writeFileSync(list, lines.join('\n'));
      mkdirSync(path.dirname(target), { recursive: true });
      execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', 'scale=1280:-2,fps=12', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-an', target]);
      // A poster frame for the guide's card: the last frame, which shows the result.
      execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', frames.at(-1)!.file, '-vf', 'scale=640:-2', '-q:v', '6', target.replace(/\.webm$/, '.jpg')]);
      rmSync(dir, { recursive: true, force: true });
      const { statSync } = await import('node:fs');
      return statSync(target).size;
    },
  };
}

/** A pause for the viewer (a guide is watched, not tested: the pacing is deliberate). */
export async function beat(page: Page, ms = 900): Promise<void> {
  await page.waitForTimeout(ms);
}
