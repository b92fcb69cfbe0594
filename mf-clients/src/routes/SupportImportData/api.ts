/** The support team's calls, over the team session's client the shell hands to the page. */
import type { ActionClient, UploadProgress } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

export const supportApi = (client: ActionClient) => ({
  therapists: (search: string) => client.call('getTherapistsSupport', { search }),
  /** One multipart POST: therapistId, orderHandleId when known, then the files in the list's order (field `files`). */
  uploadHelp: (therapistId: string, orderHandleId: string | null, files: readonly File[], onProgress: (progress: UploadProgress) => void) => {
    const form = new FormData();
    form.set('therapistId', therapistId);
    if (orderHandleId) form.set('orderHandleId', orderHandleId);
    for (const file of files) form.append('files', file, file.name);
    return client.upload('addSupportHelp', form, { onProgress });
  },
  addMeeting: (input: ActionInput<'addSupportMeeting'>) => client.call('addSupportMeeting', input),
  history: (therapistId: string) => client.call('checkSupportMeetingAndgHelp', { therapistId }),
});

/** The query key of a therapist's support history (SupportHistory loads it; a confirmed upload or meeting reloads it). */
export const historyKey = (therapistId: string) => ['checkSupportMeetingAndgHelp', therapistId] as const;

export type SupportApi = ReturnType<typeof supportApi>;
