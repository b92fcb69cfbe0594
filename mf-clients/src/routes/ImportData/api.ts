/** The import's calls (core/src/actions/import.ts). */
import type { ActionClient, UploadProgress } from '@klinik/core/client';
import { IMPORT_FILE_FIELDS, IMPORT_ZIP_FIELD } from '@klinik/core';

export const importApi = (client: ActionClient) => ({
  access: async () => (await client.call('getImportAccess', {})).data,
  run: async (id?: string) => (await client.call('getImport', id ? { id } : {})).data,
  /** One multipart POST: the source and the e-mail, then each chosen file under its field, in the form's order. */
  start: (files: Readonly<Record<string, File | undefined>>, domain: string, email: string, onProgress: (progress: UploadProgress) => void) => {
    const form = new FormData();
    form.set('domain', domain);
    form.set('email', email);
    for (const field of [...IMPORT_FILE_FIELDS, IMPORT_ZIP_FIELD]) {
      const file = files[field];
      if (file) form.append(field, file, file.name);
    }
    return client.upload('importCsv', form, { onProgress });
  },
  startSupport: (uploadId: string) => client.call('importSupportUpload', { uploadId }),
});

export type ImportApi = ReturnType<typeof importApi>;
