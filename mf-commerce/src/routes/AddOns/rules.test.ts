import type { AddOnView } from '@klinik/core';
import { addOnAction, nonOwnerInfo } from './rules';

type Card = Pick<AddOnView, 'oneTimePurchase' | 'freeWithPro' | 'status' | 'purchased' | 'englishName'>;
const storage: Card = { englishName: 'storage', oneTimePurchase: true, freeWithPro: false, status: null, purchased: 0 };
const importdata: Card = { englishName: 'importdata', oneTimePurchase: true, freeWithPro: false, status: null, purchased: 0 };
const drive: Card = { englishName: 'drive', oneTimePurchase: false, freeWithPro: false, status: null, purchased: 0 };
const accounting: Card = { englishName: 'accounting', oneTimePurchase: false, freeWithPro: true, status: null, purchased: 0 };
const owner = { isAdmin: true, proActive: true };

describe('the add-on card', () => {
  it("buys storage, then 'Køb mere'; the data import once", () => {
    expect(addOnAction(storage, owner)).toEqual({ kind: 'buy', label: 'Aktiver' });
    expect(addOnAction({ ...storage, status: 'active', purchased: 2 }, owner)).toEqual({ kind: 'buy', label: 'Køb mere' });
    expect(addOnAction(importdata, owner)).toEqual({ kind: 'buy', label: 'Aktiver' });
    expect(addOnAction({ ...importdata, status: 'active', purchased: 1 }, owner)).toEqual({ kind: 'none' });
  });

  it('subscribes to the drive backup and cancels it after confirmation; a cancelled one can be taken again', () => {
    expect(addOnAction(drive, owner)).toEqual({ kind: 'subscribe', label: 'Aktiver' });
    expect(addOnAction({ ...drive, status: 'active' }, owner)).toEqual({ kind: 'deactivate', label: 'Deaktiver', free: false });
    expect(addOnAction({ ...drive, status: 'cancelled' }, owner)).toEqual({ kind: 'subscribe', label: 'Aktiver' });
    expect(addOnAction({ ...drive, status: 'expired' }, owner)).toEqual({ kind: 'subscribe', label: 'Aktiver' });
  });

  it('activates the accounting integration without payment, only with Pro active', () => {
    expect(addOnAction(accounting, owner)).toEqual({ kind: 'activateFree', label: 'Aktiver', disabled: false });
    expect(addOnAction(accounting, { isAdmin: true, proActive: false })).toEqual({ kind: 'activateFree', label: 'Aktiver', disabled: true });
    expect(addOnAction({ ...accounting, status: 'active' }, owner)).toEqual({ kind: 'deactivate', label: 'Deaktiver', free: true });
  });

  it('offers nothing to a therapist who is not the owner, and tells them what the clinic has', () => {
    for (const card of [storage, importdata, drive, accounting]) expect(addOnAction(card, { isAdmin: false, proActive: true })).toEqual({ kind: 'none' });
    const texts = { activated: 'Klinikken har aktiveret dette modul.', ask: { storage: 'S', importdata: 'I', drive: 'D', accounting: 'A' } };
    expect(nonOwnerInfo(storage, texts)).toBe('S');
    expect(nonOwnerInfo({ ...drive, status: 'active' }, texts)).toBe('Klinikken har aktiveret dette modul.');
  });
});
