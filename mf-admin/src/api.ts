/**
 * mf-admin's calls, typed by the contracts (core/src/actions/platform.ts), over the client the shell hands to the
 * page (it sends the admin token), and the query keys the page's parts share: a change reloads what it affects by
 * these prefixes. A server that cannot be reached (status 0) says spec 1 §8's 'Kan ikke oprette forbindelse til
 * serveren. Prøv igen.'; any other failure keeps the server's own message and per-field errors.
 */
import { platformMessages, type ActionInput, type ActionOutput, type CompanySortColumn, type CompanyUserSortColumn, type SubscriberFilter } from '@klinik/core';
import { ActionError, type ActionClient } from '@klinik/core/client';

export const adminKeys = {
  companies: ['getCompaniesSuperadmin'] as const,
  users: ['getCompanyTherapistsSuperadmin'] as const,
  ytd: ['getCompanyYTD'] as const,
  subscribers: ['adminGetTherapists'] as const,
  audit: ['getAdminAuditLog'] as const,
};

export type CompanyRow = ActionOutput<'getCompaniesSuperadmin'>['data'][number];
export type CompanyUserRow = ActionOutput<'getCompanyTherapistsSuperadmin'>['data'][number];
export type SubscriberRow = ActionOutput<'adminGetTherapists'>['data'][number];
export type AuditEntry = ActionOutput<'getAdminAuditLog'>['data'][number];
export type CompanyYtd = ActionOutput<'getCompanyYTD'>['data'];
export type CompanyEditInput = ActionInput<'setCompanySuperadmin'>['companyInfo'];
export type SortDirection = 'asc' | 'desc';

/** The same failure, with the spec's text when the server was not reached. */
function withConnectionText(reason: unknown): never {
  const status = (reason as { status?: unknown } | null)?.status;
  if (status === 0) throw new ActionError(platformMessages.connectionFailed, 0, {}, { cause: reason });
  throw reason;
}

export function adminApi(client: ActionClient) {
  const call = <A extends Parameters<ActionClient['call']>[0]>(action: A, input: ActionInput<A>) => client.call(action, input).catch(withConnectionText);
  return {
    companies: (query: { sortColumn: CompanySortColumn; sortType: SortDirection; pageNumber: number; search: string }) => call('getCompaniesSuperadmin', query),
    setCompany: (companyInfo: CompanyEditInput) => call('setCompanySuperadmin', { companyInfo }),
    setDisabled: (companyId: string, isDisabled: boolean) => call('disableCompany', { companyId, isDisabled }),
    remove: (companyId: string) => call('deleteCompany', { companyId }),
    users: (companyId: string, sortColumn: CompanyUserSortColumn, sortDirection: SortDirection) => call('getCompanyTherapistsSuperadmin', { companyId, sortColumn, sortDirection }),
    ytd: async (companyId: string) => (await call('getCompanyYTD', { companyId })).data,
    subscribers: async (filter: SubscriberFilter) => (await call('adminGetTherapists', { filter })).data,
    audit: (pageNumber: number) => call('getAdminAuditLog', { pageNumber }),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** What a page part gets to show a message: the page's toasts. */
export type Notify = (text: string, intent?: 'success' | 'error') => void;
