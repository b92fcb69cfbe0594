/** Client records, journals, the Stamjournal, comments, images, storage and the intake form. Thin. */
import { clientMessages } from '@klinik/core';
import { freeLastDigit, deleteClient, historyOf, listClients, toClientRecord, updateClient, visibleClient } from '../domain/clients/records.js';
import {
  addCustomField,
  deleteCustomField,
  journalFields,
  journalFromBooking,
  journalsOfClient,
  openJournal,
  saveComment,
  saveCustomField,
  saveJournal,
  stamjournalFields,
} from '../domain/clients/journals.js';
import { deleteImage, listImages, storageUsage, uploadImages } from '../domain/clients/images.js';
import { addClientFromForm, addQuestion, changeQuestion, listQuestions, publicForm, removeQuestion, submitPublicForm } from '../domain/clients/intake.js';
import type { Handlers } from './types.js';

type ClientAction =
  | 'getAllClient'
  | 'getClient'
  | 'setClient'
  | 'deleteClient'
  | 'getClientLastDigit'
  | 'addClient'
  | 'getClientFormFields'
  | 'addClientFormField'
  | 'setClientFormField'
  | 'deleteClientFormField'
  | 'getPublicClientForm'
  | 'clientSubmitClientForm'
  | 'getJournalFromBooking'
  | 'getJournalsFromClient'
  | 'addJournal'
  | 'setJournal'
  | 'getCustomFieldsFromJournal'
  | 'getCustomFieldsFromClientIsNotJournal'
  | 'addCustomField'
  | 'setCustomField'
  | 'deleteCustomField'
  | 'saveFieldComment'
  | 'getClientHistory'
  | 'uploadImages'
  | 'getImages'
  | 'deleteImage'
  | 'getStorageUsage';

export const clientHandlers: Handlers<ClientAction> = {
  getAllClient: (input, ctx) => listClients(ctx, input),
  getClient: async ({ id }, ctx) => ({ data: toClientRecord(await visibleClient(ctx, id)) }),
  setClient: async ({ id, changes }, ctx) => ({ message: 'Gemt', data: await updateClient(ctx, id, changes) }),
  async deleteClient({ id }, ctx) {
    await deleteClient(ctx, id);
    return { message: clientMessages.clientDeleted };
  },
  getClientLastDigit: async ({ CPR6Digit }, ctx) => ({ data: { lastDigit: await freeLastDigit(ctx, CPR6Digit) } }),
  async addClient(input, ctx) {
    const { id, mailed } = await addClientFromForm(ctx, input);
    return { message: mailed ? clientMessages.mailSent : 'Klienten er oprettet, men e-mailen kunne ikke sendes. Prøv igen senere.', data: { id } };
  },
  getClientFormFields: async (_input, ctx) => ({ data: await listQuestions(ctx) }),
  addClientFormField: async (input, ctx) => ({ message: 'Spørgsmålet er gemt', data: await addQuestion(ctx, input) }),
  setClientFormField: async (input, ctx) => ({ message: 'Spørgsmålet er opdateret', data: await changeQuestion(ctx, input) }),
  async deleteClientFormField({ id }, ctx) {
    await removeQuestion(ctx, id);
    return { message: clientMessages.questionDeleted };
  },
  getPublicClientForm: async (input, ctx) => ({ data: await publicForm(ctx, input) }),
  async clientSubmitClientForm(input, ctx) {
    await submitPublicForm(ctx, input);
    return { message: clientMessages.formSubmitted };
  },

  getJournalFromBooking: async ({ bookingId }, ctx) => ({ data: await journalFromBooking(ctx, bookingId) }),
  getJournalsFromClient: async ({ clientId }, ctx) => ({ data: await journalsOfClient(ctx, clientId) }),
  addJournal: async (input, ctx) => ({ data: await openJournal(ctx, input) }),
  setJournal: async (input, ctx) => ({ message: 'Gemt', data: await saveJournal(ctx, input) }),
  getCustomFieldsFromJournal: async ({ journalId }, ctx) => ({ data: await journalFields(ctx, journalId) }),
  getCustomFieldsFromClientIsNotJournal: async ({ clientId }, ctx) => ({ data: await stamjournalFields(ctx, clientId) }),
  addCustomField: async (input, ctx) => ({ message: 'Feltet er tilføjet', data: await addCustomField(ctx, input) }),
  setCustomField: async (input, ctx) => ({ message: 'Gemt', data: await saveCustomField(ctx, input) }),
  async deleteCustomField({ id }, ctx) {
    await deleteCustomField(ctx, id);
    return { message: 'Feltet er slettet' };
  },
  saveFieldComment: async (input, ctx) => ({ message: 'Kommentaren er gemt', data: await saveComment(ctx, input) }),
  getClientHistory: async (input, ctx) => ({ data: await historyOf(ctx, input) }),

  uploadImages: async (input, ctx) => {
    const data = await uploadImages(ctx, input);
    return { message: data.length === 1 ? 'Billedet er uploadet' : `${data.length} billeder er uploadet`, data };
  },
  getImages: async (input, ctx) => ({ data: await listImages(ctx, input) }),
  async deleteImage({ id }, ctx) {
    await deleteImage(ctx, id);
    return { message: 'Billedet er slettet' };
  },
  getStorageUsage: async (_input, ctx) => ({ data: await storageUsage(ctx) }),
};
