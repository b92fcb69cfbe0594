/**
 * Connecting the clinic's accounting organisation and transferring to it (spec 3 §4 Accounting connection, §7
 * 'Accounting integration'). Owner only (the contracts), and only while the accounting add-on is active
 * (checked here, on every call). The refresh token is written to the company and never read back into an answer.
 */
import { createHash } from 'node:crypto';
import { accountingMessages, transferScope, type AccountingTransfer, type IntegrationSettings, type ParsedInput } from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ForbiddenError, isDuplicateKeyError, ServiceUnavailableError, ValidationError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import { AccountingUnavailableError } from '../../adapters/accounting/provider.js';
import { findRun, startTransfer, transferView } from './runs.js';
import { asDomainError } from './transfer.js';

async function freshCompany(db: TenantDb): Promise<CompanyDoc> {
  return (await db.Company.findById(db.companyId).lean())!;
}

async function activeAddOn(ctx: TherapistContext): Promise<CompanyDoc> {
  const company = await freshCompany(ctx.db);
  // A state of the clinic, not a question of who asks: 409, like an add-on already active.
  if (!company.accountingAddOnActive) throw new ConflictError(accountingMessages.addOnInactive);
  return company;
}

/** The OAuth state's provider name: an accounting state is never a drive state. */
const PROVIDER = 'accounting';

export async function connectionUrl(ctx: OwnerContext, settings: IntegrationSettings): Promise<string> {
  await activeAddOn(ctx);
  // The integration settings ride in the signed state, so the return page transfers what the owner chose.
  const all = settings.allDataFlag;
  const data = { allDataFlag: all, fromDate: all ? null : (settings.fromDate ?? null), toDate: all ? null : (settings.toDate ?? null) };
  const state = ctx.services.oauthStates.sign({ provider: PROVIDER, companyId: ctx.companyId, therapistId: ctx.therapistId, sessionVersion: null, data }, ctx.now());
  try {
    return ctx.services.accounting.consentUrl({ state, redirectUri: ctx.services.config.accountingRedirectUri, origin: ctx.origin });
  } catch (error) {
    if (error instanceof AccountingUnavailableError) throw new ServiceUnavailableError(accountingMessages.noConnectionUrl);
    throw error;
  }
}

const codeMarker = (ctx: OwnerContext, code: string) => {
  const digest = createHash('sha256').update(code).digest('hex');
  return { _id: `${ctx.companyId}:code:${digest}`, digest };
};

async function forgetCode(ctx: OwnerContext, code: string): Promise<void> {
  await ctx.db.AccountingLink.deleteOne({ _id: codeMarker(ctx, code)._id });
}

/** Marks the code as exchanged by this clinic; false when it already was (the return page was reloaded). */
async function firstUseOfCode(ctx: OwnerContext, code: string): Promise<boolean> {
  const { _id, digest } = codeMarker(ctx, code);
  try {
    await ctx.db.AccountingLink.create({ _id, organizationId: '-', kind: 'code', localId: digest, claimedAt: ctx.now() });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

type Started = { message: string; data: AccountingTransfer };

/**
 * The return page: the state must be this clinic's and owner's, signed, fresh and not used with another code
 * (security/oauth/state.ts); the code is exchanged once and the transfer the state asks for starts in the background
 * (runs.ts). A reload of the page finds the code used and answers the run it started (or, while connected, starts
 * one, which adds nothing twice).
 */
export async function connectAndTransfer(ctx: OwnerContext, input: ParsedInput<'updateClientDineroData'>): Promise<Started> {
  if (input.therapistId && input.therapistId !== ctx.therapistId) throw new ForbiddenError(accountingMessages.stateInvalid);
  const state = await ctx.services.oauthStates.accept({ provider: PROVIDER, token: input.state, code: input.code, now: ctx.now(), caller: { companyId: ctx.companyId, therapistId: ctx.therapistId } });
  if (typeof state === 'string') throw new ForbiddenError(accountingMessages.stateInvalid);
  const { allDataFlag, fromDate, toDate } = state.data;
  const checked = transferScope({ allDataFlag: allDataFlag === true, fromDate: typeof fromDate === 'string' ? fromDate : null, toDate: typeof toDate === 'string' ? toDate : null });
  if (!checked.scope) throw new ValidationError(accountingMessages.fieldRequired, checked.errors);
  let company = await activeAddOn(ctx);
  if (await firstUseOfCode(ctx, input.code)) {
    const grant = await asDomainError(() => ctx.services.accounting.exchangeCode(input.code, ctx.services.config.accountingRedirectUri)).catch(async (error: unknown) => {
      // Unreachable: the code was not spent, so a reload of the page may try it again.
      if (error instanceof ServiceUnavailableError) {
        await forgetCode(ctx, input.code);
        throw error;
      }
      // A code the accounting system refuses is the owner's to retry from the start, not a lost connection.
      throw new ValidationError(accountingMessages.codeInvalid);
    });
    await ctx.db.Company.updateOne({}, { $set: { dineroOrgId: grant.organizationId, dineroRefreshToken: grant.refreshToken, dineroAccessToken: null, dineroAccessTokenExpiresAt: null } });
    company = await freshCompany(ctx.db);
  } else {
    // The page reloaded: the run this code got, as it is now.
    const marker = await ctx.db.AccountingLink.findById(codeMarker(ctx, input.code)._id).lean();
    const earlier = marker?.runId ? await findRun(ctx.db, marker.runId) : null;
    if (earlier) return { message: accountingMessages.transferStarted, data: transferView(earlier) };
    if (!company.dineroOrgId) throw new ValidationError(accountingMessages.codeInvalid);
  }
  if (!company.dineroOrgId || !company.dineroRefreshToken) throw new ConflictError(accountingMessages.notConnected);
  const settings = checked.scope.kind === 'all' ? { allDataFlag: true, fromDate: null, toDate: null } : { allDataFlag: false, fromDate: checked.scope.fromDate, toDate: checked.scope.toDate };
  const { run, started } = await startTransfer(ctx, { source: 'connect', settings, organizationId: company.dineroOrgId });
  await ctx.db.AccountingLink.updateOne({ _id: codeMarker(ctx, input.code)._id }, { $set: { runId: run._id } });
  return { message: started ? accountingMessages.transferStarted : accountingMessages.transferRunning, data: transferView(run) };
}

/**
 * The shell's sync: a background transfer of everything not yet in the organisation (what waited is then in it, or
 * waits for the ticker), or the one under way.
 */
export async function syncNow(ctx: OwnerContext): Promise<Started> {
  const company = await activeAddOn(ctx);
  if (!company.dineroOrgId || !company.dineroRefreshToken) throw new ConflictError(accountingMessages.notConnected);
  const { run, started } = await startTransfer(ctx, { source: 'sync', settings: { allDataFlag: true, fromDate: null, toDate: null }, organizationId: company.dineroOrgId });
  return { message: started ? accountingMessages.transferStarted : accountingMessages.transferRunning, data: transferView(run) };
}

/** Removes the link (the refresh token goes); invoices waiting to be transferred are let go. What was transferred stays recorded, so reconnecting the same organisation adds nothing twice. */
export async function disconnect(db: TenantDb): Promise<void> {
  await db.Company.updateOne({}, { $set: { dineroOrgId: null, dineroRefreshToken: null, dineroAccessToken: null, dineroAccessTokenExpiresAt: null } });
  await db.AccountingPending.deleteMany({});
}

export async function accountingStatus(ctx: TherapistContext) {
  const company = await freshCompany(ctx.db);
  const connected = Boolean(company.dineroOrgId && company.dineroRefreshToken);
  return {
    addOnActive: company.accountingAddOnActive === true,
    connected,
    dineroOrgId: connected ? (company.dineroOrgId ?? null) : null,
    pendingInvoices: connected ? await ctx.db.AccountingPending.countDocuments({}) : 0,
    provider: ctx.services.accounting.kind,
  };
}
