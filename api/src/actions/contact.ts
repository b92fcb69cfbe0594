/** /Kontakt (core/src/actions/contact.ts): newsletters, follow-up and reminder settings, messages, SMS usage. */
import type { contactActions } from '@klinik/core';
import { ValidationError } from '../errors.js';
import type { Handlers } from './types.js';

const notYet = (): never => {
  throw new ValidationError('Ikke færdig endnu');
};

export const contactHandlers: Handlers<keyof typeof contactActions> = {
  getTherapistNewsletters: async () => notYet(),
  addNewsletter: async () => notYet(),
  setNewsletter: async () => notYet(),
  deleteNewsletter: async () => notYet(),
  sendNewsletterToAll: async () => notYet(),
  sendNewsletterToSelection: async () => notYet(),
  getNewsletterSends: async () => notYet(),
  getClientsFromTherapistNewsletterList: async () => notYet(),
  getFollowUpSettings: async () => notYet(),
  saveFollowUpSettings: async () => notYet(),
  getScheduledMessages: async () => notYet(),
  getSentMessages: async () => notYet(),
  getSmsUsage: async () => notYet(),
  newsletterSignup: async () => notYet(),
  confirmNewsletterSignup: async () => notYet(),
};
