/**
 * The accounting system chosen by configuration: the sandbox (local default; refused in production; from the
 * development kit, adapters/sandboxes.ts), Dinero (`ACCOUNTING_PROVIDER=dinero`), or none, in which case every
 * accounting action answers 503.
 */
import type { ApiConfig } from '../../config.js';
import { AccountingUnavailableError, type AccountingProvider } from './provider.js';
import { createDineroProvider } from './dinero/provider.js';

export type { AccountingProvider } from './provider.js';

export function unavailableAccounting(): AccountingProvider {
  const refuse = (): never => {
    throw new AccountingUnavailableError('no accounting system is configured');
  };
  return { kind: 'none', consentUrl: refuse, exchangeCode: refuse, accessToken: refuse, upsertContact: refuse, upsertProduct: refuse, createBookedInvoice: refuse, registerPayment: refuse };
}

export function createAccountingProvider(config: ApiConfig, sandbox: AccountingProvider | null, now: () => number): AccountingProvider {
  if (config.accountingProvider === 'none') return unavailableAccounting();
  if (config.accountingProvider === 'dinero') {
    if (!config.dinero) throw new Error('ACCOUNTING_PROVIDER=dinero needs DINERO_CLIENT_ID and DINERO_CLIENT_SECRET');
    return createDineroProvider({ ...config.dinero, now });
  }
  if (!sandbox) throw new Error('ACCOUNTING_PROVIDER=sandbox needs the development kit (@klinik/devkit)');
  return sandbox;
}
