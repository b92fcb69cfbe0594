/**
 * The cloud drive chosen by configuration (config.ts `driveProvider`): Google Drive (GOOGLE_DRIVE_CLIENT_ID and
 * GOOGLE_DRIVE_CLIENT_SECRET), the sandbox (the local default without a client id; refused in production), or none, in
 * which case the panel stays hidden and every drive action answers 503.
 */
import type { ApiConfig } from '../../config.js';
import type { Models } from '../../models/index.js';
import { createGoogleDriveProvider } from './google.js';
import { DriveUnavailableError, type DriveProvider } from './provider.js';
import { createDriveSandbox, type DriveSandbox } from './sandbox/provider.js';

export type { DriveProvider } from './provider.js';

export function unavailableDrive(): DriveProvider {
  const refuse = (): never => {
    throw new DriveUnavailableError('no drive is configured');
  };
  return { kind: 'none', consentUrl: refuse, exchangeCode: refuse, refresh: refuse, revoke: refuse, about: refuse, list: refuse, get: refuse, findFolder: refuse, createFolder: refuse, upload: refuse, delete: refuse };
}

export function createDriveProvider(config: ApiConfig, models: Models, now: () => number): { provider: DriveProvider; sandbox: DriveSandbox | null } {
  if (config.driveProvider === 'none') return { provider: unavailableDrive(), sandbox: null };
  if (config.driveProvider === 'google') {
    if (!config.googleDrive) throw new Error('The Google Drive provider needs GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET');
    return { provider: createGoogleDriveProvider({ ...config.googleDrive, now }), sandbox: null };
  }
  const sandbox = createDriveSandbox({ models, now, production: config.production, redirectUri: config.driveRedirectUri });
  return { provider: sandbox, sandbox };
}
