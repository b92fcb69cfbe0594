/**
 * /AdministrerTerapeut's typed calls over the shell's client, and the query keys its parts share (a change reloads
 * what it affects by these prefixes). Kept beside the page rather than in the module's api.ts: no other page uses them.
 */
import type { ActionInput, ActionOutput } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';

export const therapistKeys = {
  /** The paginated list (prefix of every page's key). */
  list: ['getAllTherapistByCompany'] as const,
  /** The users table; its length is the clinic's number of therapists (the limit of five). */
  users: ['getAllTherapist'] as const,
  occupations: ['getAllOccupation'] as const,
  candidates: ['getAllTherapistWithAdmin'] as const,
};

export type TherapistPage = ActionOutput<'getAllTherapistByCompany'>;
export type TherapistRow = TherapistPage['data'][number];
export type TherapistFormInput = ActionInput<'addTherapistByCompany'>;
export type CreateUserInput = ActionInput<'addTherapist'>;

export function therapistApi(client: ActionClient) {
  return {
    page: (query: { page: number; size: 5 | 10 | 25; search: string }) => client.call('getAllTherapistByCompany', query),
    add: (form: TherapistFormInput) => client.call('addTherapistByCompany', form),
    update: (id: string, form: TherapistFormInput) => client.call('updateTherapistByCompany', { id, ...form }),
    remove: (id: string) => client.call('deleteTherapistByCompany', { id }),
    occupations: async () => (await client.call('getAllOccupation', {})).data,
    users: async () => (await client.call('getAllTherapist', {})).data,
    createUser: (input: CreateUserInput) => client.call('addTherapist', input),
    candidates: async () => (await client.call('getAllTherapistWithAdmin', {})).data,
    checkPassword: (password: string) => client.call('checkPassword', { password }),
    handOver: (therapistId: string, password: string) => client.call('setOwnerByCompany', { therapistId, password }),
    setAvailable: (therapistId: string, isAvailable: boolean) => client.call('setTherapistAvailable', { therapistId, isAvailable }),
    startFreeTrial: (therapistId: string) => client.call('adminPurchaseTherapistFreeSubscription', { therapistId }),
    buyPro: (therapistId: string, cardId: string | null, idempotencyKey: string) => client.call('adminPurchaseTherapistProSubscription', { therapistId, cardId, idempotencyKey }),
    stop: (therapistId: string, deactive: boolean) => client.call('adminCancelTherapistSubscription', { therapistId, deactive }),
    charge: async (invoice: string) => (await client.call('registerInvoice', { invoice })).data,
  };
}

export type TherapistApi = ReturnType<typeof therapistApi>;
