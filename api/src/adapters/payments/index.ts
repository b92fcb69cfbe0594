/**
 * The payment provider chosen by configuration: the sandbox (local default; refused in production) or none, in
 * which case every payment answers that payments are unavailable (503) until a production provider is configured.
 */
import { commerceMessages } from '@klinik/core';
import { ServiceUnavailableError } from '../../errors.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider, type SandboxOptions, type SandboxProvider } from './sandbox/provider.js';

export type { PaymentProvider } from './provider.js';

export function unavailableProvider(): PaymentProvider {
  const refuse = (): never => {
    throw new ServiceUnavailableError(commerceMessages.providerUnavailable);
  };
  return {
    kind: 'sandbox',
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
    verifyWebhook: () => null,
    tick: async () => undefined,
  };
}

export function createPaymentProvider(kind: 'sandbox' | 'none', options: SandboxOptions): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (kind === 'none') return { provider: unavailableProvider(), sandbox: null };
  const sandbox = createSandboxProvider(options);
  return { provider: sandbox, sandbox };
}
