/**
 * The cloud drive chosen by configuration (config.ts `driveProvider`): Google Drive (GOOGLE_DRIVE_CLIENT_ID and
 * GOOGLE_DRIVE_CLIENT_SECRET), the sandbox (the local default without a client id; refused in production; from the
 * development kit, adapters/sandboxes.ts), or none, in which case the panel stays hidden and every drive action
 * answers 503.
 */
import type { ApiConfig } from '../../config.js';
import { createGoogleDriveProvider } from './google.js';
import { DriveUnavailableError, type DriveProvider } from './provider.js';

export type { DriveProvider } from './provider.js';

export function unavailableDrive(): DriveProvider {
  const refuse = (): never => {
    throw new DriveUnavailableError('no drive is configured');
  };
  return { kind: 'none', consentUrl: refuse, exchangeCode: refuse, refresh: refuse, revoke: refuse, about: refuse, list: refuse, get: refuse, findFolder: refuse, createFolder: refuse, upload: refuse, delete: refuse };
}

export function createDriveProvider(config: ApiConfig, sandbox: DriveProvider | null, now: () => number): DriveProvider {
  if (config.driveProvider === 'none') return unavailableDrive();
  if (config.driveProvider === 'google') {
    if (!config.googleDrive) throw new Error('The Google Drive provider needs GOOGLE_DRIVE_CLIENT_ID and GOOGLE_DRIVE_CLIENT_SECRET');
    return createGoogleDriveProvider({ ...config.googleDrive, now });
  }
  if (!sandbox) throw new Error('DRIVE_PROVIDER=sandbox needs the development kit (@klinik/devkit)');
  return sandbox;
}
