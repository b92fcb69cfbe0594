/** The accounting integration's typed calls over the client the shell hands to every page, and its query keys. */
import type { ActionOutput, IntegrationSettings } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';

export const accountingKeys = {
  status: ['getDineroStatus'] as const,
  transfer: (code: string) => ['updateClientDineroData', code] as const,
  run: (number: number) => ['getAccountingTransfer', number] as const,
};

/** A transfer as it runs in the background, and its result when it is over. */
export type TransferRun = NonNullable<ActionOutput<'getAccountingTransfer'>['data']>;
export type TransferAnswer = ActionOutput<'updateClientDineroData'>;
export type TransferResultAnswer = NonNullable<TransferRun['result']>;
export type AccountingStatusAnswer = ActionOutput<'getDineroStatus'>['data'];

export function accountingApi(client: ActionClient) {
  return {
    status: async () => (await client.call('getDineroStatus', {})).data,
    connectUrl: (settings: IntegrationSettings) =>
      client.call('getVismaConnectUrl', settings.allDataFlag ? { allDataFlag: true } : { allDataFlag: false, fromDate: settings.fromDate ?? null, toDate: settings.toDate ?? null }),
    transfer: (code: string, state: string) => client.call('updateClientDineroData', { code, state }),
    run: async (number: number) => (await client.call('getAccountingTransfer', { number })).data,
    disconnect: () => client.call('disconnectDinero', {}),
  };
}

export type AccountingApi = ReturnType<typeof accountingApi>;

const transfers = new Map<string, Promise<TransferAnswer>>();
/**
 * One start per code and page load: the return page may mount twice (React's strict mode, a remount of the route).
 * The server answers a second start with the same run anyway; this saves the request.
 */
export function transferOnce(api: AccountingApi, code: string, state: string): Promise<TransferAnswer> {
  let pending = transfers.get(code);
  if (!pending) {
    pending = api.transfer(code, state);
    transfers.set(code, pending);
    pending.catch(() => transfers.delete(code));
  }
  return pending;
}
