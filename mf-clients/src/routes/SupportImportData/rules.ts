/**
 * The support import screen's rules, apart from React so they are tested alone: which files may be added, the
 * confirm checks of spec 3 §5 for each option, each file's share of an upload's progress, and the booked meeting
 * the embedded calendar reports.
 */
import {
  SUPPORT_IMPORT_MAX_FILE_BYTES,
  SUPPORT_IMPORT_MAX_FILES,
  isSupportImportFile,
  supportMessages as S,
  supportUploadProblem,
} from '@klinik/core';

export const SUPPORT_OPTIONS = ['importData', 'arrangeMeeting'] as const;
export type SupportOption = (typeof SUPPORT_OPTIONS)[number];

/** A meeting booked in the embedded calendar: its scheduled event and its invitee. */
export interface ScheduledMeeting {
  eventUri: string;
  inviteeUri: string;
}

/** What a picked file needs to be checked: Files in the page, plain objects in the tests. */
export interface FileLike {
  name: string;
  size: number;
}

/**
 * The files of a drop or a browse that may join the list, and the message of each refused one: a wrong type (spec 3
 * §5), a file over the size limit, one beyond the number of files an upload takes. A file already in the list (same
 * name and size) is not added twice.
 */
export function admitFiles<F extends FileLike>(current: readonly FileLike[], added: readonly F[]): { admitted: F[]; problems: string[] } {
  const admitted: F[] = [];
  const problems: string[] = [];
  const seen = new Set(current.map((file) => `${file.name}\u0000${file.size}`));
  for (const file of added) {
    const key = `${file.name}\u0000${file.size}`;
    if (!isSupportImportFile(file.name)) problems.push(S.invalidFileType(file.name));
    else if (file.size > SUPPORT_IMPORT_MAX_FILE_BYTES) problems.push(`${file.name}: ${S.fileTooLarge(`${SUPPORT_IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`)}`);
    else if (seen.has(key)) continue;
    else if (current.length + admitted.length >= SUPPORT_IMPORT_MAX_FILES) problems.push(S.tooManyFiles(SUPPORT_IMPORT_MAX_FILES));
    else {
      seen.add(key);
      admitted.push(file);
    }
  }
  return { admitted, problems: [...new Set(problems)] };
}

/**
 * Spec 3 §5's confirm checks in the spec's order: the files and the therapist for an upload (the shared check the
 * API runs too), the therapist and a booked meeting for a meeting, and an option that is neither.
 */
export function confirmProblem(option: string, fileNames: readonly string[], therapistId: string | null, meeting: ScheduledMeeting | null): string | null {
  if (option === 'importData') return supportUploadProblem(fileNames, therapistId);
  if (option === 'arrangeMeeting') {
    if (!therapistId) return S.noTherapist;
    return meeting ? null : S.noMeeting;
  }
  return S.invalidOption;
}

/**
 * Each file's progress (0 to 1) when `loaded` of the request's `total` bytes are sent. The files travel in the list's
 * order; the form's few other bytes (the fields, each part's header) are spread over them, so the last file is done
 * exactly when the whole body is sent.
 */
export function fileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const fileBytes = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return sizes.map(() => 0);
  const sent = (Math.min(Math.max(loaded, 0), total) / total) * fileBytes;
  let before = 0;
  return sizes.map((size) => {
    const start = before;
    before += size;
    if (size === 0) return sent >= start ? 1 : 0;
    return Math.min(1, Math.max(0, (sent - start) / size));
  });
}

/** A file's size in whole kilobytes as Danes write numbers (at least 1 for a non-empty file). */
export function kilobytes(bytes: number): string {
  const value = bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024));
  return new Intl.NumberFormat('da-DK').format(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const httpAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 500 && /^https?:\/\/\S+$/.test(value);

/**
 * The meeting a `message` from the calendar reports, in Calendly's format
 * (`{ event: 'calendly.event_scheduled', payload: { event: { uri }, invitee: { uri } } }`); null for anything else
 * (Calendly's other events, page-height messages, a malformed message).
 */
export function scheduledMeeting(data: unknown): ScheduledMeeting | null {
  if (!isRecord(data) || data.event !== 'calendly.event_scheduled' || !isRecord(data.payload)) return null;
  const { event, invitee } = data.payload;
  if (!isRecord(event) || !isRecord(invitee) || !httpAddress(event.uri) || !httpAddress(invitee.uri)) return null;
  return { eventUri: event.uri, inviteeUri: invitee.uri };
}

/**
 * The calendar's address in the frame: Calendly posts its events to the embedding page only when told the page's
 * domain (`embed_domain`, `embed_type`, as its own inline widget does); our placeholder page reads `parentOrigin`.
 */
export function meetingFrameUrl(meetingUrl: string, parentOrigin: string): string {
  const url = new URL(meetingUrl);
  url.searchParams.set('embed_domain', new URL(parentOrigin).host);
  url.searchParams.set('embed_type', 'Inline');
  url.searchParams.set('parentOrigin', parentOrigin);
  return url.href;
}
