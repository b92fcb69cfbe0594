/**
 * The clinic's merchant gateway, built from its connected account (models/payment-account.ts): what the booking
 * payments charge, read back and refund through. Null when the clinic has no account connected (never, or
 * disconnected: no new payments; the payments made keep their records).
 */
import type { MerchantGateway } from '../../adapters/payments/merchant.js';
import type { HandlerServices } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { ClinicPaymentAccountDoc } from '../../models/index.js';

/** The account's record: one per clinic, under the clinic's id. */
export async function paymentAccountOf(db: TenantDb): Promise<ClinicPaymentAccountDoc | null> {
  return db.ClinicPaymentAccount.findOne({ _id: db.companyId.toHexString() }).lean();
}

/** A stored account as a gateway; null when it is not connected, or is the sandbox in a process without it. */
export function gatewayOfAccount(services: Pick<HandlerServices, 'merchants'>, companyId: string, account: ClinicPaymentAccountDoc | null): MerchantGateway | null {
  if (!account?.provider || !account.webhookSecret) return null;
  if (account.provider === 'frisbii') {
    if (!account.privateKey) return null;
    return services.merchants.forAccount(companyId, { provider: 'frisbii', privateKey: account.privateKey, webhookSecret: account.webhookSecret });
  }
  if (!services.merchants.sandboxAvailable) return null;
  return services.merchants.forAccount(companyId, { provider: 'sandbox', webhookSecret: account.webhookSecret });
}

/** The clinic's gateway (`db` is the clinic's scoped data: a handler's `ctx.db`, or `tenant(companyId)`). */
export async function merchantOf(services: Pick<HandlerServices, 'merchants'>, db: TenantDb): Promise<MerchantGateway | null> {
  return gatewayOfAccount(services, db.companyId.toHexString(), await paymentAccountOf(db));
}
