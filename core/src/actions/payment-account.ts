/**
 * The clinic's own payment account ('Betaling ved booking' on /Settings): where the money clients pay at online
 * booking goes, never through the platform. The owner connects the clinic's Frisbii account (its private key and
 * webhook secret, tested with a call before they are saved, stored encrypted and never answered again) or, where the
 * server runs the payment sandbox, the sandbox as the clinic's merchant account; `provider: 'none'` disconnects (no
 * new payments; the payments made stay with their bookings).
 */
import { z } from 'zod';
import { defineAction, noInput } from '../contract.js';

export const paymentAccountMessages = {
  connected: 'Betalingskontoen er forbundet',
  disconnected: 'Betalingskontoen er frakoblet',
  privateKeyRequired: 'Skriv den private nøgle fra Frisbii',
  privateKeyInvalid: 'Den private nøgle fra Frisbii begynder med priv_',
  webhookSecretRequired: 'Skriv webhook-hemmeligheden fra Frisbii',
  webhookSecretInvalid: 'Webhook-hemmeligheden skal være mindst 16 tegn',
  refused: 'Frisbii afviste nøglen. Tjek den private nøgle og prøv igen.',
  unreachable: 'Frisbii svarer ikke lige nu. Prøv igen om lidt.',
  sandboxUnavailable: 'Testbetalinger (sandkassen) findes ikke på denne server. Forbind jeres Frisbii-konto.',
} as const;

const M = paymentAccountMessages;

export const paymentAccountSchema = z.strictObject({
  connected: z.boolean(),
  provider: z.enum(['sandbox', 'frisbii']).nullable(),
  connectedAt: z.number().nullable(),
  /** Where the provider sends the clinic's webhooks (set in the Frisbii account's webhook settings). */
  webhookUrl: z.string().nullable(),
  /** The server runs the payment sandbox, so it can be the clinic's account (development and tests). */
  sandboxAvailable: z.boolean().optional(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;

const secret = (required: string, invalid: string, pattern: RegExp, min: number) =>
  z.string({ error: required }).trim().min(1, required).min(min, invalid).max(200, invalid).regex(pattern, invalid);

export const setPaymentAccountInput = z
  .strictObject({
    provider: z.enum(['sandbox', 'frisbii', 'none'], { error: 'Vælg en betalingsudbyder' }),
    privateKey: secret(M.privateKeyRequired, M.privateKeyInvalid, /^priv_[A-Za-z0-9_-]+$/, 6).optional(),
    webhookSecret: secret(M.webhookSecretRequired, M.webhookSecretInvalid, /^\S+$/, 16).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.provider === 'frisbii') {
      if (!input.privateKey) ctx.addIssue({ code: 'custom', path: ['privateKey'], message: M.privateKeyRequired });
      if (!input.webhookSecret) ctx.addIssue({ code: 'custom', path: ['webhookSecret'], message: M.webhookSecretRequired });
    } else if (input.privateKey !== undefined || input.webhookSecret !== undefined) {
      // Only Frisbii takes a key: a key sent with another choice is a mistake, never stored.
      ctx.addIssue({ code: 'custom', path: ['provider'], message: 'Kun Frisbii tager en nøgle' });
    }
  });

export const paymentAccountActions = {
  getClinicPaymentAccount: defineAction({
    access: 'therapist',
    summary: "The clinic's own payment account for booking payments: connected, provider, since when, its webhook URL. Never a secret.",
    input: noInput,
    output: z.strictObject({ data: paymentAccountSchema }),
  }),
  setClinicPaymentAccount: defineAction({
    access: 'owner',
    summary: "Connects the clinic's Frisbii account (key and webhook secret, tested first) or the sandbox; `none` disconnects and keeps history.",
    input: setPaymentAccountInput,
    output: z.strictObject({ message: z.string(), data: paymentAccountSchema }),
  }),
};
