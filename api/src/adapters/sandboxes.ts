/**
 * The sandboxes of the payment provider, the accounting system and the drive live in the development kit
 * (@klinik/devkit), which a production build does not ship. The API loads it here only when the configuration chooses
 * a sandbox (the local default outside production), and refuses before loading it in production. The kit gives back
 * the three providers (each behind the same interface as the real one) and mounts their pages (the checkout, the one
 * OAuth consent page, the development route of the payments).
 */
import type Router from '@koa/router';
import type { ApiConfig } from '../config.js';
import type { Models } from '../models/index.js';
import type { AccountingProvider } from './accounting/provider.js';
import type { DriveProvider } from './drive/provider.js';
import type { SandboxMerchantFactory } from './payments/merchant.js';
import type { PaymentProvider } from './payments/provider.js';

export interface SandboxOptions {
  config: ApiConfig;
  models: Models;
  now: () => number;
  /** Hands a signed payment event to the API's webhook handler, as the real provider's webhook would. */
  deliver: (rawBody: string, signature: string) => Promise<void>;
  /** Hands a signed event of a clinic's merchant account to that clinic's webhook handler (the booking payments). */
  deliverMerchant?: (companyId: string, rawBody: string, signature: string) => Promise<void>;
}

export interface Sandboxes {
  /** Each set when the configuration chooses its sandbox. */
  payments: PaymentProvider | null;
  /**
   * With the payment sandbox: the sandbox as a clinic's own merchant account (every clinic's, each kept apart),
   * signing that clinic's events with `webhookSecret`.
   */
  merchant: SandboxMerchantFactory | null;
  accounting: AccountingProvider | null;
  drive: DriveProvider | null;
  /** The sandboxes' pages on the API's router. */
  mount(router: Router): void;
}

/** What @klinik/devkit exports for the API (devkit/src/index.ts implements it). */
export interface DevKit {
  createSandboxes(options: SandboxOptions): Sandboxes;
}

export const SANDBOX_REFUSALS = {
  payments: 'The sandbox payment provider refuses to start with NODE_ENV=production: configure a real provider',
  accounting: 'The sandbox accounting system refuses to start with NODE_ENV=production: configure ACCOUNTING_PROVIDER=dinero',
  drive: 'The sandbox drive refuses to start with NODE_ENV=production: configure GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET',
} as const;

/** The sandboxes the configuration chooses, loaded from the development kit; null when it chooses none. */
export async function loadSandboxes(options: SandboxOptions): Promise<Sandboxes | null> {
  const { config } = options;
  const chosen = (['payments', 'accounting', 'drive'] as const).filter((name) => config[`${name}Provider`] === 'sandbox');
  if (chosen.length === 0) return null;
  if (config.production) throw new Error(SANDBOX_REFUSALS[chosen[0]!]);
  // A name in a variable: neither tsc nor a bundler follows it, so the API's build never contains the kit.
  const specifier = '@klinik/devkit';
  const kit = (await import(specifier)) as DevKit;
  return kit.createSandboxes(options);
}
