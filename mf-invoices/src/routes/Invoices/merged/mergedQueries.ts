/** The keys of the merged statements' queries: the action and its arguments. */
export const mergedQueries = {
  statements: (clientId: string) => ['getMergedInvoicesByClient', clientId] as const,
  forPeriod: (clientId: string, from: number, to: number) => ['getInvoicesForPeriod', clientId, from, to] as const,
  bookings: (clientId: string) => ['getBookingsFromClient', clientId] as const,
  client: (clientId: string) => ['getClient', clientId] as const,
  clients: (search: string) => ['getClientsFromTherapistCompany', search] as const,
};
