/**
 * The zod-free part of @klinik/core: constants, plan gating, time and formatting. The shell's first load
 * imports only this entry, so schemas and zod arrive with the pages that need them.
 */
export * from './constants.js';
export * from './plan.js';
export * from './errors.js';
export * from './messages.js';
export * from './time.js';
export * from './format.js';
