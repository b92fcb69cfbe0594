/**
 * The zod-free part of @klinik/core: constants, plan gating, messages and formatting. The shell's first load
 * imports only this entry, so schemas and zod arrive with the pages that need them, and the time-zone code
 * (@klinik/core/time) with the pages that show dates.
 */
export * from './constants.js';
export * from './plan.js';
export * from './errors.js';
export * from './messages.js';
export * from './format.js';
export * from './predicates.js';
export * from './sms-year.js';
export type * from './shell-contract.js';
export type { TherapistView } from './actions/auth.js';
