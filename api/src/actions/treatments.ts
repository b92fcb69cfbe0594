/** The treatments catalogue (core/src/actions/treatments.ts). Thin: the input is parsed, the domain decides. */
import type { treatmentActions } from '@klinik/core';
import { createTreatment, deleteTreatment, getTreatment, listTreatments, therapistTreatments, updateTreatment } from '../domain/treatments/treatments.js';
import type { Handlers } from './types.js';

export const treatmentHandlers: Handlers<keyof typeof treatmentActions> = {
  getAllTreatment: (input, ctx) => listTreatments(ctx, input),
  getTreatment: async ({ id }, ctx) => ({ data: await getTreatment(ctx, id) }),
  addTreatment: async (input, ctx) => ({ message: 'Behandling tilføjet med succes!', data: await createTreatment(ctx, input) }),
  setTreatment: async (input, ctx) => ({ message: 'Behandlingen blev opdateret med succes!', data: await updateTreatment(ctx, input) }),
  async deleteTreatment({ id }, ctx) {
    await deleteTreatment(ctx, id);
    return { message: 'Behandlingen er slettet' };
  },
  getTreatmentsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistTreatments(ctx, therapistId) }),
  getAvailableTreatmentsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistTreatments(ctx, therapistId) }),
};
