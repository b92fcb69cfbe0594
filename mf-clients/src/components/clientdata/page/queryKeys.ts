/**
 * The keys of the client page's queries: the action and its arguments, so a key says exactly what is shown and a
 * change can reload every list it affects by a prefix (all image panels of a client: `['getImages', clientId]`).
 */
export const clientQueries = {
  client: (clientId: string) => ['getClient', clientId] as const,
  journals: (clientId: string) => ['getJournalsFromClient', clientId] as const,
  bookings: (clientId: string) => ['getBookingsFromClient', clientId] as const,
  stamjournal: (clientId: string) => ['getCustomFieldsFromClientIsNotJournal', clientId] as const,
  journalFields: (journalId: string) => ['getCustomFieldsFromJournal', journalId] as const,
  images: (clientId: string, journalId: string | null = null) => (journalId ? (['getImages', clientId, journalId] as const) : (['getImages', clientId] as const)),
  history: (clientId: string, journalId: string | null) => ['getClientHistory', clientId, journalId] as const,
  storage: () => ['getStorageUsage'] as const,
  driveStatus: () => ['getGoogleDriveStatus'] as const,
  driveQuota: () => ['getGoogleDriveQuota'] as const,
  /** Every folder of the drive panel (a prefix of each folder's key). */
  driveFiles: () => ['getGoogleDriveFiles'] as const,
  driveFolder: (folderId: string | null) => ['getGoogleDriveFiles', folderId ?? ''] as const,
};
