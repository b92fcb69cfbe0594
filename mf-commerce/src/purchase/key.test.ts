import { ActionError } from '@klinik/core/client';
import { commerceMessages } from '@klinik/core/commerce';
import { newPurchaseKey, PurchaseKeys, retryKeepsKey } from './key';

const KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

describe('purchase keys', () => {
  it('makes keys the server accepts, also without crypto.randomUUID', () => {
    expect(newPurchaseKey()).toMatch(KEY_PATTERN);
    const withoutUuid = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const key = newPurchaseKey(withoutUuid);
    expect(key).toMatch(KEY_PATTERN);
    expect(key).toHaveLength(32);
  });

  it('keeps one key for the attempts of one purchase, and a new one for the next purchase', () => {
    let made = 0;
    const keys = new PurchaseKeys(() => `purchase-key-000${++made}-abcdef`);
    const first = keys.key();
    expect(keys.key()).toBe(first);
    // No answer came: the retry is the same purchase.
    keys.settle(new ActionError('Cannot connect to the server. Please try again.', 0));
    expect(keys.key()).toBe(first);
    keys.settle(new ActionError('Internal error', 502));
    expect(keys.key()).toBe(first);
    keys.settle(new ActionError(commerceMessages.purchaseInProgress, 409));
    expect(keys.key()).toBe(first);
    // The server answered: the purchase is over.
    keys.settle();
    const second = keys.key();
    expect(second).not.toBe(first);
    keys.settle(new ActionError(commerceMessages.declined, 400, { cardId: commerceMessages.declined }));
    expect(keys.key()).not.toBe(second);
  });

  it('reuses the key after anything but a definite answer', () => {
    expect(retryKeepsKey(new Error('boom'))).toBe(true);
    expect(retryKeepsKey(new ActionError('x', 0))).toBe(true);
    expect(retryKeepsKey(new ActionError('x', 503))).toBe(true);
    expect(retryKeepsKey(new ActionError(commerceMessages.alreadyPro, 409))).toBe(false);
    expect(retryKeepsKey(new ActionError(commerceMessages.purchaseKeyMissing, 400))).toBe(false);
    expect(retryKeepsKey(new ActionError('Forbidden', 403))).toBe(false);
  });
});
