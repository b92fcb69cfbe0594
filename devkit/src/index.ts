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
import { createSandboxProvider } from './payments/provider.js';
import { checkoutRoutes } from './payments/routes.js';
import { consentRoutes, type ConsentProvider } from './sandbox/consent.js';

export type { AccountingSandbox } from './accounting/provider.js';
export type { DriveSandbox } from './drive/provider.js';
export type { SandboxProvider } from './payments/provider.js';
export { addMonth } from './payments/provider.js';

export function createSandboxes({ config, models, now, deliver }: SandboxOptions): Sandboxes {
  const production = config.production;
  const payments =
    config.paymentsProvider === 'sandbox'
      ? createSandboxProvider({ models, now, webhookSecret: config.paymentsWebhookSecret, deliver, production, publicUrl: () => `http://localhost:${config.port}` })
      : null;
  const accounting = config.accountingProvider === 'sandbox' ? createAccountingSandbox({ models, now, production, redirectUri: config.accountingRedirectUri }) : null;
  const drive = config.driveProvider === 'sandbox' ? createDriveSandbox({ models, now, production, redirectUri: config.driveRedirectUri }) : null;
  const consents: ConsentProvider[] = [
    ...(accounting ? [accountingConsent(accounting, config.accountingRedirectUri)] : []),
    ...(drive ? [driveConsent(drive, config.driveRedirectUri)] : []),
  ];
  return {
    payments,
    accounting,
    drive,
    mount(router: Router) {
      if (payments) checkoutRoutes(router, payments, now, config.devRoutes && !production);
      consentRoutes(router, consents);
    },
  };
}

createSandboxes satisfies DevKit['createSandboxes'];
