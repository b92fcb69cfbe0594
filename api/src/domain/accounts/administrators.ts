/**
 * Platform administrators: named accounts, each with its own password (argon2id), made by the CLI
 * (`npm run admin:add`), never through the API. In development `npm start` keeps one from the generated secrets
 * (config.ts `devAdmin`), so the product works with no manual step. Every sign-in attempt is audited.
 */
import type { Logger } from 'pino';
import type { Types } from 'mongoose';
import { deleteInBatches } from '../../data/delete-in-batches.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import { hashPassword, newPasswordProblem, verifyPassword } from './passwords.js';

const normalise = (username: string) => username.trim().toLowerCase();

/** Creates the administrator, or gives an existing one this password (and ends its sessions); reactivates it. */
export async function createAdministrator(models: Models, username: string, password: string) {
  const name = normalise(username);
  if (!name || name.length > 100) throw new Error('The username must be 1–100 characters');
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(password);
  const upsert = () =>
    models.Administrator.findOneAndUpdate({ username: name }, { $set: { passwordHash, isActive: true }, $inc: { tokenVersion: 1 } }, { upsert: true, returnDocument: 'after' }).lean();
  let admin;
  try {
    admin = await upsert();
  } catch (error) {
    // Two API processes starting together on a new database (ensureDevAdministrator) both insert: the unique
    // username lets one win, and the other's second try updates what the first made.
    if (!isDuplicateKeyError(error)) throw error;
    admin = await upsert();
  }
  return { id: admin._id.toString(), username: admin.username };
}

/** Ends the administrator's access at once (its tokens stop working); answers whether it existed. */
export async function deactivateAdministrator(models: Models, username: string): Promise<boolean> {
  const result = await models.Administrator.updateOne({ username: normalise(username) }, { $set: { isActive: false }, $inc: { tokenVersion: 1 } });
  return result.matchedCount === 1;
}

/**
 * Development only: makes sure the named development administrator exists, is active and has the configured
 * password (the generated one in `.data/secrets.json`, or ADMIN_PASSWORD); changes nothing when it already does.
 */
export async function ensureDevAdministrator(models: Models, admin: { username: string; password: string }): Promise<void> {
  const existing = await models.Administrator.findOne({ username: normalise(admin.username) }).lean();
  if (existing && existing.isActive !== false && (await verifyPassword(existing.passwordHash, admin.password))) return;
  await createAdministrator(models, admin.username, admin.password);
}

export interface AdminSignInRecord {
  username: string;
  accountId: Types.ObjectId | null;
  outcome: 'success' | 'failure';
  reason: 'wrong-login' | 'throttled' | null;
  address: string;
  at: number;
}

/** Stores the attempt in the audit and writes the log line (never the password). */
export async function recordAdminSignIn(models: Models, logger: Logger, record: AdminSignInRecord): Promise<void> {
  const username = normalise(record.username).slice(0, 100);
  logger.info({ audit: 'admin-sign-in', username, outcome: record.outcome, reason: record.reason, address: record.address }, 'administrator sign-in');
  await models.SignInAudit.create({ kind: 'admin', ...record, username });
}

/** The most recent administrator sign-ins, newest first (the CLI's `--audit`). */
export async function recentAdminSignIns(models: Models, limit: number) {
  return models.SignInAudit.find({ kind: 'admin' }).sort({ at: -1 }).limit(limit).lean();
}

/** How long the administrator sign-in audit is kept: a year, then the sweeper removes it (it holds addresses). */
export const SIGN_IN_AUDIT_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

/** Removes audit records older than a year, a few hundred at a time (FerretDB: no large deleteMany). */
export async function sweepSignInAudits(models: Models, now: number): Promise<number> {
  return deleteInBatches(models.SignInAudit, { at: { $lt: now - SIGN_IN_AUDIT_KEPT_MS } });
}
