/** /Kontakt (core/src/actions/contact.ts): newsletters, follow-up and reminder settings, messages, SMS usage. */
import { contactMessages as M, type contactActions } from '@klinik/core';
import { getSettings, saveSettings, saveSmsSettings } from '../domain/contact/settings.js';
import { scheduledMessages, sentMessages, smsUsage } from '../domain/contact/messages.js';
import { addNewsletter, deleteNewsletter, listNewsletters, listSends, newsletterClients, sendToAll, sendToSelection, setNewsletter } from '../domain/contact/newsletters.js';
import { confirmNewsletterSignup, newsletterSignup } from '../domain/contact/signup.js';
import type { Handlers } from './types.js';

export const contactHandlers: Handlers<keyof typeof contactActions> = {
  getTherapistNewsletters: async (_input, ctx) => ({ data: await listNewsletters(ctx) }),
  addNewsletter: async (input, ctx) => ({ message: M.newsletterAdded, data: await addNewsletter(ctx, input) }),
  setNewsletter: async (input, ctx) => ({ message: M.newsletterSaved, data: await setNewsletter(ctx, input) }),
  deleteNewsletter: async (input, ctx) => {
    await deleteNewsletter(ctx, input.id);
    return { message: M.newsletterDeleted };
  },
  sendNewsletterToAll: async (input, ctx) => {
    const data = await sendToAll(ctx, input.id);
    ctx.services.wakeMessages?.();
    return { message: M.sendStarted(data.recipients), data };
  },
  sendNewsletterToSelection: async (input, ctx) => {
    const data = await sendToSelection(ctx, input);
    ctx.services.wakeMessages?.();
    return { message: M.sendStarted(data.recipients), data };
  },
  getNewsletterSends: async (input, ctx) => ({ data: await listSends(ctx, input.newsletterId) }),
  getClientsFromTherapistNewsletterList: async (input, ctx) => newsletterClients(ctx, input),
  getFollowUpSettings: async (_input, ctx) => ({ data: await getSettings(ctx) }),
  saveFollowUpSettings: async (input, ctx) => saveSettings(ctx, input),
  getScheduledMessages: async (_input, ctx) => ({ data: await scheduledMessages(ctx) }),
  getSentMessages: async (input, ctx) => sentMessages(ctx, input),
  getSmsUsage: async (_input, ctx) => ({ data: await smsUsage(ctx) }),
  setSmsSettings: async (input, ctx) => ({ message: M.smsSettingsSaved, data: await saveSmsSettings(ctx, input) }),
  newsletterSignup: async (input, ctx) => newsletterSignup(ctx, input),
  confirmNewsletterSignup: async (input, ctx) => confirmNewsletterSignup(ctx, input),
};
