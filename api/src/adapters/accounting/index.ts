/**
 * The accounting system chosen by configuration: the sandbox (local default; refused in production), Dinero
 * (`ACCOUNTING_PROVIDER=dinero`), or none, in which case every accounting action answers 503.
 */
import type { ApiConfig } from '../../config.js';
import type { Models } from '../../models/index.js';
import { AccountingUnavailableError, type AccountingProvider } from './provider.js';
import { createDineroProvider } from './dinero/provider.js';
import { createAccountingSandbox, type AccountingSandbox } from './sandbox/provider.js';

export type { AccountingProvider } from './provider.js';

export function unavailableAccounting(): AccountingProvider {
  const refuse = (): never => {
    throw new AccountingUnavailableError('no accounting system is configured');
  };
  return { kind: 'none', consentUrl: refuse, exchangeCode: refuse, accessToken: refuse, upsertContact: refuse, upsertProduct: refuse, createBookedInvoice: refuse };
}

export function createAccountingProvider(config: ApiConfig, models: Models, now: () => number): { provider: AccountingProvider; sandbox: AccountingSandbox | null } {
  if (config.accountingProvider === 'none') return { provider: unavailableAccounting(), sandbox: null };
  if (config.accountingProvider === 'dinero') {
    if (!config.dinero) throw new Error('ACCOUNTING_PROVIDER=dinero needs DINERO_CLIENT_ID and DINERO_CLIENT_SECRET');
    return { provider: createDineroProvider({ ...config.dinero, now }), sandbox: null };
  }
  const sandbox = createAccountingSandbox({ models, now, production: config.production, redirectUri: config.accountingRedirectUri });
  return { provider: sandbox, sandbox };
}
