/** How the client page writes a moment: '3. maj 2026 14:05' in Copenhagen time (comments, history, print). */
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';

export function formatWhen(epochMs: number): string {
  return `${formatDanishDate(epochMs)} ${formatCopenhagenTime(epochMs)}`;
}
