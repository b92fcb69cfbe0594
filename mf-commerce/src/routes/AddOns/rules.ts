/**
 * What an add-on card offers (spec 3 §4, Add-on status; §6): the owner's action by the add-on's kind and state, or,
 * for a therapist who is not the owner, the information that the clinic must buy it (or has).
 */
import type { AddOnView } from '@klinik/core';

export type AddOnAction =
  /** A one-time add-on: the payment-method dialog, then singleTimePayment. */
  | { kind: 'buy'; label: 'Aktiver' | 'Køb mere' }
  /** A monthly add-on: the payment-method dialog, then createSubscription. */
  | { kind: 'subscribe'; label: 'Aktiver' }
  /** Free with Pro: activated without payment, only with an active Pro plan. */
  | { kind: 'activateFree'; label: 'Aktiver'; disabled: boolean }
  /** After 'Er du sikker?': cancelSubscription, or cancelFreeAddOnWithProPlan (which also disconnects accounting). */
  | { kind: 'deactivate'; label: 'Deaktiver'; free: boolean }
  /** Nothing to do (bought once and for all), or not the owner. */
  | { kind: 'none' };

export function addOnAction(addOn: Pick<AddOnView, 'oneTimePurchase' | 'freeWithPro' | 'status' | 'purchased' | 'englishName'>, who: { isAdmin: boolean; proActive: boolean }): AddOnAction {
  if (!who.isAdmin) return { kind: 'none' };
  const active = addOn.status === 'active';
  if (addOn.oneTimePurchase) {
    // Storage can be bought again and again (5 GB each); the data import once.
    if (addOn.purchased > 0 && addOn.englishName === 'storage') return { kind: 'buy', label: 'Køb mere' };
    return active ? { kind: 'none' } : { kind: 'buy', label: 'Aktiver' };
  }
  if (addOn.freeWithPro) return active ? { kind: 'deactivate', label: 'Deaktiver', free: true } : { kind: 'activateFree', label: 'Aktiver', disabled: !who.proActive };
  return active ? { kind: 'deactivate', label: 'Deaktiver', free: false } : { kind: 'subscribe', label: 'Aktiver' };
}

/** A therapist who is not the owner: 'the clinic has activated it', or the add-on's own 'ask the clinic' text. */
export function nonOwnerInfo(addOn: Pick<AddOnView, 'status' | 'englishName'>, texts: { activated: string; ask: Record<AddOnView['englishName'], string> }): string {
  return addOn.status === 'active' ? texts.activated : texts.ask[addOn.englishName];
}
