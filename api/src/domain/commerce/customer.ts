/**
 * The clinic as the payment provider's customer: handle `c<companyId>`, so every provider event names its clinic and
 * the product never has to look a customer up across clinics.
 */
import { Types } from 'mongoose';
import { commerceMessages } from '@klinik/core';
import { PaymentDeclinedError, type SavedCard } from '../../adapters/payments/provider.js';
import type { TherapistContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';

export function customerHandle(companyId: Types.ObjectId | string): string {
  return `c${companyId.toString()}`;
}

/** The clinic a customer handle names, or null for anything else. */
export function companyOfCustomer(handle: string): Types.ObjectId | null {
  const id = handle.startsWith('c') ? handle.slice(1) : '';
  return /^[a-f0-9]{24}$/.test(id) ? new Types.ObjectId(id) : null;
}

/** The clinic as a checkout page's customer (its office mail, or none). */
export function customerRef(ctx: TherapistContext) {
  return { handle: customerHandle(ctx.company._id), email: ctx.company.email ?? '', name: ctx.company.companyName };
}

/** Makes sure the provider knows the clinic (name and office mail) and the clinic its handle; answers the handle. */
export async function ensureCustomer(ctx: TherapistContext): Promise<string> {
  const handle = customerHandle(ctx.company._id);
  await ctx.services.payments.ensureCustomer({ handle, email: ctx.company.email ?? ctx.therapist.email, name: ctx.company.companyName });
  if (ctx.company.reepayId !== handle) await ctx.db.Company.updateOne({}, { $set: { reepayId: handle } });
  return handle;
}

/** The clinic's saved cards, as the provider keeps them (masked). */
export async function savedCards(ctx: TherapistContext): Promise<SavedCard[]> {
  return ctx.services.payments.listCards(customerHandle(ctx.company._id));
}

/** A card id from the browser is used only if it is one of the clinic's own saved cards (checked before any charge). */
export async function assertOwnCard(ctx: TherapistContext, cardId: string): Promise<void> {
  if (!(await savedCards(ctx)).some((card) => card.id === cardId)) throw new NotFoundError(commerceMessages.cardUnknown);
}

/**
 * Pays with one of the clinic's saved cards: the card is checked to be the clinic's, and a card the bank refuses
 * becomes the Danish 'declined' message on the card field (nothing else changed).
 */
export async function payWithSavedCard<T>(ctx: TherapistContext, cardId: string, pay: () => Promise<T>): Promise<T> {
  await assertOwnCard(ctx, cardId);
  try {
    return await pay();
  } catch (error) {
    if (error instanceof PaymentDeclinedError) throw new ValidationError(commerceMessages.declined, { cardId: commerceMessages.declined });
    throw error;
  }
}
