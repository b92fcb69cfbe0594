/** Journals, the Stamjournal, custom fields, comments and the history (core/src/actions/journals.ts). Thin. */
import type { journalActions } from '@klinik/core';
import { historyOf } from '../domain/clients/records.js';
import { saveComment } from '../domain/journals/comments.js';
import { addCustomField, deleteCustomField, journalFields, saveCustomField, stamjournalFields } from '../domain/journals/custom-fields.js';
import { journalFromBooking, journalsOfClient, openJournal, saveJournal } from '../domain/journals/journals.js';
import type { Handlers } from './types.js';

export const journalHandlers: Handlers<keyof typeof journalActions> = {
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
};
