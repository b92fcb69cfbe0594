/**
 * The clinic as the payment provider's customer: handle `c<companyId>`, so every provider event names its clinic and
 * the product never has to look a customer up across clinics.
 */
import { Types } from 'mongoose';
import type { TherapistContext } from '../../context.js';

export function customerHandle(companyId: Types.ObjectId | string): string {
  return `c${companyId.toString()}`;
}

/** The clinic a customer handle names, or null for anything else. */
export function companyOfCustomer(handle: string): Types.ObjectId | null {
  const id = handle.startsWith('c') ? handle.slice(1) : '';
  return /^[a-f0-9]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}

/** Makes sure the provider knows the clinic (name and office mail) and the clinic its handle; answers the handle. */
export async function ensureCustomer(ctx: TherapistContext): Promise<string> {
  const handle = customerHandle(ctx.company._id);
  await ctx.services.payments.ensureCustomer({ handle, email: ctx.company.email ?? ctx.therapist.email, name: ctx.company.companyName });
  if (ctx.company.reepayId !== handle) await ctx.db.Company.updateOne({}, { $set: { reepayId: handle } });
  return handle;
}
