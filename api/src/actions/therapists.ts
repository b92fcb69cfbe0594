/** Therapist administration and the owner (core/src/actions/therapists.ts). Thin: the domain decides. */
import { OCCUPATIONS, type therapistActions } from '@klinik/core';
import { addTherapist, allTherapists, createUser, deleteTherapist, handoverCandidates, listTherapists, updateTherapist } from '../domain/therapists/admin.js';
import { handOverOwnership } from '../domain/therapists/owner.js';
import { setOwnAvailability, setOwnProfile } from '../domain/therapists/self.js';
import { buyTherapistPro, startTherapistTrial, stopTherapist } from '../domain/therapists/subscription.js';
import type { Handlers } from './types.js';

export const therapistHandlers: Handlers<keyof typeof therapistActions> = {
  getAllTherapistByCompany: (input, ctx) => listTherapists(ctx, input),
  addTherapistByCompany: (input, ctx) => addTherapist(ctx, input),
  updateTherapistByCompany: (input, ctx) => updateTherapist(ctx, input),
  deleteTherapistByCompany: ({ id }, ctx) => deleteTherapist(ctx, id),
  getAllOccupation: async () => ({ data: OCCUPATIONS.map((occupation) => ({ ...occupation })) }),
  addTherapist: (input, ctx) => createUser(ctx, input),
  getAllTherapist: async (_input, ctx) => ({ data: await allTherapists(ctx) }),
  getAllTherapistWithAdmin: async (_input, ctx) => ({ data: await handoverCandidates(ctx) }),
  setOwnerByCompany: ({ therapistId, password }, ctx) => handOverOwnership(ctx, therapistId, password),
  setTherapistAvailable: (input, ctx) => setOwnAvailability(ctx, input),
  setTherapist: (input, ctx) => setOwnProfile(ctx, input),
  adminPurchaseTherapistFreeSubscription: ({ therapistId }, ctx) => startTherapistTrial(ctx, therapistId),
  adminPurchaseTherapistProSubscription: (input, ctx) => buyTherapistPro(ctx, input),
  adminCancelTherapistSubscription: (input, ctx) => stopTherapist(ctx, input),
};
