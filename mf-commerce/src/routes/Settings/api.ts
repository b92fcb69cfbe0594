/** /Settings' calls over the shell's client (contracts: core/src/actions/invoices.ts) and its query key. */
import type { ActionClient } from '@klinik/core/client';
import type { CompanyProfileInput } from '@klinik/core';

export const companyKey = ['getCompany'] as const;

export function settingsApi(client: ActionClient) {
  return {
    company: async () => (await client.call('getCompany', {})).data,
    save: (input: CompanyProfileInput) => client.call('setCompany', input),
    uploadLogo: (file: File) => {
      const form = new FormData();
      form.append('logo', file, file.name);
      return client.upload('uploadCompanyLogo', form);
    },
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;
