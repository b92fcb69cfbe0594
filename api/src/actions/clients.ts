/** Client records (Stamdata) and the intake form (core/src/actions/clients.ts). Thin. */
import { clientMessages, type clientActions } from '@klinik/core';
import { noShowCount } from '../domain/booking-payments/no-shows.js';
import { visibleClient } from '../domain/clients/clients.js';
import { eraseClient } from '../domain/clients/erasure.js';
import { addClientFromForm, addQuestion, changeQuestion, listQuestions, publicForm, removeQuestion, submitPublicForm } from '../domain/clients/intake.js';
import { freeLastDigit, listClients, toClientRecord, updateClient } from '../domain/clients/records.js';
import type { Handlers } from './types.js';

export const clientHandlers: Handlers<keyof typeof clientActions> = {
  getAllClient: (input, ctx) => listClients(ctx, input),
  async getClient({ id }, ctx) {
    const client = await visibleClient(ctx, id);
    return { data: { ...toClientRecord(client), noShows: await noShowCount(ctx, client._id) } };
  },
  setClient: async ({ id, changes }, ctx) => ({ message: 'Gemt', data: await updateClient(ctx, id, changes) }),
  async deleteClient({ id }, ctx) {
    await eraseClient(ctx, id);
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
};
