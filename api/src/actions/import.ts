/** The data import (core/src/actions/import.ts). */
import { importMessages as M, type importActions } from '@klinik/core';
import { findImport, importAccess, startFormImport, startSupportImport } from '../domain/import/runs.js';
import type { Handlers } from './types.js';

export const importHandlers: Handlers<keyof typeof importActions> = {
  importCsv: async (input, ctx) => ({ success: true, message: M.started, data: await startFormImport(ctx, input) }),
  importSupportUpload: async (input, ctx) => ({ success: true, message: M.started, data: await startSupportImport(ctx, input.uploadId) }),
  getImport: async (input, ctx) => ({ data: await findImport(ctx, input.id) }),
  getImportAccess: async (_input, ctx) => ({ data: importAccess(ctx) }),
};
