import './zod-locale.js';

export * from './rules.js';
export * from './client-records.js';
export * from './invoices.js';
export * from './invoice-notes.js';
export * from './commerce.js';
export * from './therapists.js';
export * from './accounting.js';
export * from './time.js';
export * from './fields.js';
export * from './common-passwords.js';
export * from './company.js';
export * from './messages-scheduling.js';
export * from './messages-contact.js';
export * from './messages-platform.js';
export * from './contract.js';
export * from './actions/index.js';
