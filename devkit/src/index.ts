/**
 * @klinik/devkit: what only development and tests run (README.md). The API loads this entry through
 * api/src/adapters/sandboxes.ts when its configuration chooses a sandbox; tests import the sandboxes' types and helpers
 * from it.
 */
import type Router from '@koa/router';
import type { DevKit, Sandboxes, SandboxOptions } from '@klinik/api/adapters/sandboxes.js';
import { accountingConsent } from './accounting/consent.js';
import { createAccountingSandbox } from './accounting/provider.js';
import { driveConsent } from './drive/consent.js';
import { createDriveSandbox } from './drive/provider.js';
import { createSandboxMerchants } from './payments/merchant.js';
import { merchantCheckoutRoutes } from './payments/merchant-routes.js';
import { createSandboxProvider } from './payments/provider.js';
import { checkoutRoutes } from './payments/routes.js';
import { consentRoutes, type ConsentProvider } from './sandbox/consent.js';

export type { AccountingSandbox } from './accounting/provider.js';
export type { DriveSandbox } from './drive/provider.js';
export type { SandboxProvider } from './payments/provider.js';
export type { MerchantEventBody, SandboxMerchants } from './payments/merchant.js';
export { MERCHANT_TEXTS } from './payments/merchant-pages.js';
export { addMonth } from './payments/provider.js';

export function createSandboxes({ config, models, now, deliver, deliverMerchant }: SandboxOptions): Sandboxes {
  const production = config.production;
  const publicUrl = () => `http://localhost:${config.port}`;
  const platform = config.paymentsProvider === 'sandbox' ? createSandboxProvider({ models, now, webhookSecret: config.paymentsWebhookSecret, deliver, production, publicUrl }) : null;
  // Every clinic's merchant account lives beside the platform's, in the same sandbox.
  const merchants = platform
    ? createSandboxMerchants({ models, now, production, publicUrl, deliver: deliverMerchant ?? (() => Promise.reject(new Error('no merchant webhook handler'))) })
    : null;
  // One tick for both: the platform's renewals, then the merchants' lapsed checkouts and undelivered events.
  const payments = platform && merchants
    ? {
        ...platform,
        async tick(at: number) {
          try {
            await platform.tick(at);
          } finally {
            await merchants.tick(at);
          }
        },
      }
    : null;
  const accounting = config.accountingProvider === 'sandbox' ? createAccountingSandbox({ models, now, production, redirectUri: config.accountingRedirectUri }) : null;
  const drive = config.driveProvider === 'sandbox' ? createDriveSandbox({ models, now, production, redirectUri: config.driveRedirectUri }) : null;
  const consents: ConsentProvider[] = [
    ...(accounting ? [accountingConsent(accounting, config.accountingRedirectUri)] : []),
    ...(drive ? [driveConsent(drive, config.driveRedirectUri)] : []),
  ];
  return {
    payments,
    merchant: merchants ? (companyId, webhookSecret) => merchants.forClinic(companyId, webhookSecret) : null,
    accounting,
    drive,
    mount(router: Router) {
      if (payments) checkoutRoutes(router, payments, now, config.devRoutes && !production);
      if (merchants) merchantCheckoutRoutes(router, merchants, now);
      consentRoutes(router, consents);
    },
  };
}

createSandboxes satisfies DevKit['createSandboxes'];
