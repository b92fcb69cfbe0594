/**
 * The payment provider chosen by configuration: the sandbox (local default; refused in production), Frisbii (the
 * production provider, `PAYMENTS_PROVIDER=frisbii`), or none, in which case every payment answers that payments are
 * unavailable (503).
 */
import { commerceMessages } from '@klinik/core';
import { ServiceUnavailableError } from '../../errors.js';
import type { PaymentProvider } from './provider.js';
import { createFrisbiiProvider, type FrisbiiOptions } from './frisbii/provider.js';

export type { PaymentProvider } from './provider.js';

export function unavailableProvider(): PaymentProvider {
  const refuse = (): never => {
    throw new ServiceUnavailableError(commerceMessages.providerUnavailable);
  };
  return {
    kind: 'none',
    ensureCustomer: refuse,
    listCards: async () => [],
    createCheckout: refuse,
    charge: refuse,
    subscribe: refuse,
    cancelSubscription: refuse,
    reactivateSubscription: refuse,
    setSubscriptionCard: refuse,
    getCharge: async () => null,
    listCharges: async () => ({ content: [], next_page_token: null }),
    readWebhook: async () => ({ verified: false }),
    tick: async () => undefined,
  };
}

export function createPaymentProvider(
  kind: 'sandbox' | 'frisbii' | 'none',
  options: { webhookSecret: string; now: () => number; frisbii: Omit<FrisbiiOptions, 'webhookSecret'> | null },
  sandbox: PaymentProvider | null,
): PaymentProvider {
  if (kind === 'none') return unavailableProvider();
  if (kind === 'frisbii') {
    if (!options.frisbii) throw new Error('PAYMENTS_PROVIDER=frisbii needs FRISBII_PRIVATE_KEY');
    return createFrisbiiProvider({ ...options.frisbii, webhookSecret: options.webhookSecret, now: options.now });
  }
  if (!sandbox) throw new Error('PAYMENTS_PROVIDER=sandbox needs the development kit (@klinik/devkit)');
  return sandbox;
}
