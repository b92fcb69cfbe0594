/** mf-invoices' calls, typed by the contracts, over the client the shell hands to every page. */
import type { ActionClient } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

export type InvoiceSettings = ActionInput<'getInvoicePreview'>['settings'];

export const invoicesApi = (client: ActionClient) => ({
  company: () => client.call('getCompany', {}),
  preview: (bookingId: string, settings: InvoiceSettings, extraTreatmentIds: string[] = []) => client.call('getInvoicePreview', { bookingId, settings, extraTreatmentIds }),
  add: (bookingId: string, settings: InvoiceSettings, extraTreatmentIds: string[] = []) => client.call('addInvoice', { bookingId, settings, extraTreatmentIds }),
  /** The caller's treatments: more lines an invoice may carry. */
  treatments: () => client.call('getTreatmentsFromTherapist', {}),
  invoice: (id: string) => client.call('getInvoice', { id }),
  /** The paged list; mapped to the { data, total } that usePagedList reads, with the outstanding total. */
  list: async (input: ActionInput<'getAllInvoice'>) => {
    const answer = await client.call('getAllInvoice', input);
    return { data: answer.result, total: answer.totalCount, outstandingOre: answer.outstandingOre };
  },
  markPaid: (input: ActionInput<'setInvoicePaid'>) => client.call('setInvoicePaid', input),
  markUnpaid: (id: string) => client.call('setInvoiceUnpaid', { id }),
  remind: (id: string) => client.call('sendInvoiceReminder', { id }),
  byBookingIds: (bookingIds: string[]) => client.call('getInvoicesByBookingIds', { bookingIds }),
  mergedByClient: (clientId: string) => client.call('getMergedInvoicesByClient', { clientId }),
  forPeriod: (clientId: string, from: number, to: number) => client.call('getInvoicesForPeriod', { clientId, from, to }),
  addMerged: (input: ActionInput<'addMergedInvoice'>) => client.call('addMergedInvoice', input),
  setMerged: (id: string, invoiceIds: string[]) => client.call('setMergedInvoice', { id, invoiceIds }),
  remove: (id: string) => client.call('deleteInvoice', { id }),
  mail: (input: ActionInput<'invoiceMail'>) => client.call('invoiceMail', input),
  therapists: () => client.call('getCompanyTherapists', {}),
  searchClients: (search: string) => client.call('getClientsFromTherapistCompany', { search }),
  client: (id: string) => client.call('getClient', { id }),
  clientBookings: (clientId: string) => client.call('getBookingsFromClient', { clientId }),
});

export type InvoicesApi = ReturnType<typeof invoicesApi>;
