/** mf-clients' calls, typed by the contracts, over the client the shell hands to every page. */
import type { ActionClient } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

export const clientsApi = (client: ActionClient) => ({
  // Client records (Stamdata)
  clients: (input: ActionInput<'getAllClient'>) => client.call('getAllClient', input),
  client: (id: string) => client.call('getClient', { id }),
  setClient: (id: string, changes: ActionInput<'setClient'>['changes']) => client.call('setClient', { id, changes }),
  deleteClient: (id: string) => client.call('deleteClient', { id }),
  lastDigit: (CPR6Digit: string) => client.call('getClientLastDigit', { CPR6Digit }),
  clientBookings: (clientId: string) => client.call('getBookingsFromClient', { clientId }),
  history: (clientId: string, journalId?: string) => client.call('getClientHistory', { clientId, ...(journalId ? { journalId } : {}) }),
  therapists: () => client.call('getCompanyTherapists', {}),
  // The access log (the owner's) and the print it records
  accessLog: (input: ActionInput<'getAccessLog'>) => client.call('getAccessLog', input),
  clientAccessLog: (clientId: string, page: number) => client.call('getClientAccessLog', { clientId, page }),
  logPrint: (clientId: string) => client.call('logClientPrint', { clientId }),
  // Journals, Stamjournal and comments
  journalFromBooking: (bookingId: string) => client.call('getJournalFromBooking', { bookingId }),
  journals: (clientId: string) => client.call('getJournalsFromClient', { clientId }),
  addJournal: (bookingId: string) => client.call('addJournal', { bookingId }),
  setJournal: (input: ActionInput<'setJournal'>) => client.call('setJournal', input),
  stamjournal: (clientId: string) => client.call('getCustomFieldsFromClientIsNotJournal', { clientId }),
  journalFields: (journalId: string) => client.call('getCustomFieldsFromJournal', { journalId }),
  addCustomField: (input: ActionInput<'addCustomField'>) => client.call('addCustomField', input),
  setCustomField: (input: ActionInput<'setCustomField'>) => client.call('setCustomField', input),
  deleteCustomField: (id: string) => client.call('deleteCustomField', { id }),
  saveComment: (input: ActionInput<'saveFieldComment'>) => client.call('saveFieldComment', input),
  // Images and storage
  images: (clientId: string, journalId?: string) => client.call('getImages', { clientId, ...(journalId ? { journalId } : {}) }),
  uploadImages: (form: FormData) => client.upload('uploadImages', form),
  deleteImage: (id: string) => client.call('deleteImage', { id }),
  storage: () => client.call('getStorageUsage', {}),
  // The cloud-drive backup: the caller's own drive
  driveStatus: () => client.call('getGoogleDriveStatus', {}),
  driveConnectUrl: () => client.call('getGoogleDriveConnectUrl', {}),
  connectDrive: (code: string, state: string) => client.call('connectGoogleDrive', { code, state }),
  driveQuota: () => client.call('getGoogleDriveQuota', {}),
  driveFiles: (folderId: string | null) => client.call('getGoogleDriveFiles', folderId ? { folderId } : {}),
  createDriveFolder: (name: string, parentId: string | null) => client.call('createGoogleDriveFolder', parentId ? { name, parentId } : { name }),
  uploadDriveFiles: (form: FormData) => client.upload('uploadGoogleDriveFile', form),
  deleteDriveItem: (id: string) => client.call('deleteGoogleDriveFile', { id }),
  signOutDrive: () => client.call('signOutGoogleDrive', {}),
  setDriveProfileCopies: (value: boolean) => client.call('setGoogleUploadForClientProfile', { value }),
  setDriveJournalCopies: (value: boolean) => client.call('setGoogleUploadForJournalImage', { value }),
  // Intake form
  formFields: () => client.call('getClientFormFields', {}),
  addFormField: (input: ActionInput<'addClientFormField'>) => client.call('addClientFormField', input),
  setFormField: (input: ActionInput<'setClientFormField'>) => client.call('setClientFormField', input),
  deleteFormField: (id: string) => client.call('deleteClientFormField', { id }),
  addClient: (input: ActionInput<'addClient'>) => client.call('addClient', input),
  // What the public pages handed in, for review
  submissions: () => client.call('getPublicSubmissions', {}),
  acceptSubmission: (input: ActionInput<'acceptPublicSubmission'>) => client.call('acceptPublicSubmission', input),
  rejectSubmission: (id: string) => client.call('rejectPublicSubmission', { id }),
  rejectSubmissions: (ids: string[]) => client.call('rejectPublicSubmissions', { ids }),
});

export type ClientsApi = ReturnType<typeof clientsApi>;

/**
 * /Kontakt's calls: newsletters, follow-up and reminder settings, messages, SMS usage. A factory of its own,
 * so the other pages' bundles (which share clientsApi) do not carry them.
 */
export const contactApi = (client: ActionClient) => ({
  newsletters: () => client.call('getTherapistNewsletters', {}),
  addNewsletter: (input: ActionInput<'addNewsletter'>) => client.call('addNewsletter', input),
  setNewsletter: (input: ActionInput<'setNewsletter'>) => client.call('setNewsletter', input),
  deleteNewsletter: (id: string) => client.call('deleteNewsletter', { id }),
  sendNewsletterToAll: (id: string) => client.call('sendNewsletterToAll', { id }),
  sendNewsletterToSelection: (id: string, clientIds: string[]) => client.call('sendNewsletterToSelection', { id, clientIds }),
  newsletterSends: (newsletterId?: string) => client.call('getNewsletterSends', newsletterId ? { newsletterId } : {}),
  newsletterClients: (input: ActionInput<'getClientsFromTherapistNewsletterList'>) => client.call('getClientsFromTherapistNewsletterList', input),
  followUpSettings: () => client.call('getFollowUpSettings', {}),
  saveFollowUpSettings: (input: ActionInput<'saveFollowUpSettings'>) => client.call('saveFollowUpSettings', input),
  scheduledMessages: () => client.call('getScheduledMessages', {}),
  sentMessages: (input: ActionInput<'getSentMessages'>) => client.call('getSentMessages', input),
  smsUsage: () => client.call('getSmsUsage', {}),
  setSmsSettings: (input: ActionInput<'setSmsSettings'>) => client.call('setSmsSettings', input),
});

export type ContactApi = ReturnType<typeof contactApi>;
