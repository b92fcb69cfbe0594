/**
 * Sending images of one panel: new ones, or one in place of a saved image. A success reloads every image panel of
 * the client and the storage figures; so does a refusal, since a batch cut off half-way may have changed them.
 */
import { invalidateQueries, useMutation } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { clientQueries } from '../page/queryKeys';

export function useImageUpload({ kind, journalId }: { kind: 'journal' | 'profile'; journalId?: string }) {
  const services = useClientPage();
  const { api, clientId } = services;
  const upload = useMutation(
    ({ files, replaceImageId }: { files: readonly File[]; replaceImageId?: string }) => {
      const form = new FormData();
      form.set('clientId', clientId);
      form.set('kind', kind);
      if (journalId) form.set('journalId', journalId);
      if (replaceImageId) form.set('replaceImageId', replaceImageId);
      for (const file of files) form.append('files', file, file.name);
      return api.uploadImages(form);
    },
    // A copy may have gone to the drive: its panel and quota reload too (only when shown).
    { notify: services.notify, invalidates: [clientQueries.images(clientId), clientQueries.storage(), clientQueries.driveFiles(), clientQueries.driveQuota(), clientQueries.driveStatus()] },
  );

  /** True when the server took the images; otherwise its reason is in `upload.error`. */
  async function send(files: readonly File[], replaceImageId?: string): Promise<boolean> {
    const answer = await upload.run({ files, ...(replaceImageId ? { replaceImageId } : {}) });
    if (!answer) void invalidateQueries(clientQueries.storage());
    return answer !== undefined;
  }

  return { send, pending: upload.pending, error: upload.error, reset: () => upload.reset() };
}
