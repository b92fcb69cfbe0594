/**
 * Connecting and disconnecting the clinic's own payment account (core/src/actions/payment-account.ts). The
 * credentials are tried with a call before anything is stored (a wrong key is refused and nothing changes); the
 * sandbox gets a webhook secret made here, so each clinic's events are signed with its own. No answer carries a key or
 * a secret.
 */
import { randomBytes } from 'node:crypto';
import { paymentAccountMessages, type ParsedInput, type PaymentAccount } from '@klinik/core';
import { MerchantAccountRefusedError, type MerchantAccount } from '../../adapters/payments/merchant.js';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../../errors.js';
import { paymentAccountOf } from './gateway.js';

/** The clinic's webhook endpoint (endpoint/merchant-payments.ts) at the API's address as the caller reached it. */
export function webhookUrlOf(origin: string, companyId: string): string {
  return `${origin}/webhooks/booking-payments/${companyId}`;
}

export async function paymentAccountStatus(ctx: TherapistContext): Promise<PaymentAccount> {
  const account = await paymentAccountOf(ctx.db);
  const connected = Boolean(account?.provider);
  return {
    connected,
    provider: connected ? (account!.provider as 'sandbox' | 'frisbii') : null,
    connectedAt: connected ? (account!.connectedAt ?? null) : null,
    webhookUrl: webhookUrlOf(ctx.origin, ctx.companyId),
    sandboxAvailable: ctx.services.merchants.sandboxAvailable,
  };
}

async function tryAccount(ctx: OwnerContext, account: MerchantAccount): Promise<void> {
  try {
    await ctx.services.merchants.forAccount(ctx.companyId, account).verifyAccount();
  } catch (error) {
    if (error instanceof MerchantAccountRefusedError) throw new ValidationError(paymentAccountMessages.refused, { privateKey: paymentAccountMessages.refused });
    ctx.services.logger.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, 'payment account: the test call failed');
    throw new ServiceUnavailableError(paymentAccountMessages.unreachable);
  }
}

export async function setPaymentAccount(ctx: OwnerContext, input: ParsedInput<'setClinicPaymentAccount'>): Promise<{ message: string; data: PaymentAccount }> {
  const _id = ctx.companyId;
  if (input.provider === 'none') {
    // The record stays (when it was connected, by whom); the secrets go, so nothing can charge or refund through it.
    await ctx.db.ClinicPaymentAccount.updateOne({ _id }, { $set: { provider: null, privateKey: null, webhookSecret: null, disconnectedAt: ctx.now() } });
    return { message: paymentAccountMessages.disconnected, data: await paymentAccountStatus(ctx) };
  }
  let account: MerchantAccount;
  if (input.provider === 'sandbox') {
    if (!ctx.services.merchants.sandboxAvailable) throw new ConflictError(paymentAccountMessages.sandboxUnavailable);
    account = { provider: 'sandbox', webhookSecret: randomBytes(32).toString('hex') };
  } else {
    account = { provider: 'frisbii', privateKey: input.privateKey!, webhookSecret: input.webhookSecret! };
  }
  await tryAccount(ctx, account);
  await ctx.db.ClinicPaymentAccount.findOneAndUpdate(
    { _id },
    {
      $set: {
        provider: account.provider,
        privateKey: account.provider === 'frisbii' ? account.privateKey : null,
        webhookSecret: account.webhookSecret,
        connectedAt: ctx.now(),
        connectedBy: ctx.therapist._id,
        disconnectedAt: null,
      },
    },
    { upsert: true },
  );
  return { message: paymentAccountMessages.connected, data: await paymentAccountStatus(ctx) };
}
