import type { SubscriptionView } from '@klinik/core';
import { addOnSubscriptions, cancelAllEnabled, currentPlanSubscription, planCardAction, planSettingsTarget } from './rules';

const NOW = Date.UTC(2026, 4, 10);
const DAY = 24 * 3600_000;

function subscription(overrides: Partial<SubscriptionView>): SubscriptionView {
  return {
    id: 's0123456789abcdef01234567-key-0000000000000',
    kind: 'plan',
    product: 'pro',
    name: 'Pro',
    state: 'active',
    priceOre: 14_900,
    period_from: NOW - 5 * DAY,
    period_to: NOW + 25 * DAY,
    nextPaymentDate: NOW + 25 * DAY,
    cancelledAt: null,
    ...overrides,
  };
}

describe('the plan card of /Abonnement', () => {
  it("offers 'buy pro' for the free trial, without a card, or when cancelled; 'Deaktiver' for Pro active with a card", () => {
    const card = { isPaymentCardAdd: true };
    const noCard = { isPaymentCardAdd: false };
    expect(planCardAction({ planType: 'freeTrial', status: 'active', trial: NOW + DAY }, card, NOW)).toBe('buyPro');
    expect(planCardAction({ planType: 'pro', status: 'active' }, noCard, NOW)).toBe('buyPro');
    expect(planCardAction({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, card, NOW)).toBe('buyPro');
    expect(planCardAction({ planType: 'pro', status: 'active' }, card, NOW)).toBe('deactivate');
    expect(planCardAction({ planType: 'pro', status: 'expired' }, card, NOW)).toBe('buyPro');
    expect(planCardAction({ planType: 'empty', status: 'empty' }, noCard, NOW)).toBe('buyPro');
    // Pro bought during the trial can be ended before its first charge.
    expect(planCardAction({ planType: 'freeTrial', status: 'active', trial: NOW + DAY, proStartsAt: NOW + DAY }, card, NOW)).toBe('deactivate');
  });

  it('shows the newest running plan subscription, else the newest', () => {
    const old = subscription({ id: 'old', state: 'expired', period_from: NOW - 90 * DAY });
    const running = subscription({ id: 'running', state: 'cancelled', period_from: NOW - 40 * DAY });
    const addOn = subscription({ id: 'drive', kind: 'addOn', product: 'drive', period_from: NOW });
    expect(currentPlanSubscription([old, running, addOn])?.id).toBe('running');
    expect(currentPlanSubscription([old, addOn])?.id).toBe('old');
    expect(currentPlanSubscription([addOn])).toBeNull();
    expect(addOnSubscriptions([old, addOn]).map((entry) => entry.id)).toEqual(['drive']);
  });

  it('shows the settings icon only for Pro with its subscription found', () => {
    const pro = subscription({ id: 'pro-sub' });
    expect(planSettingsTarget({ planType: 'pro', status: 'active' }, { isInvoiceFound: true }, pro)).toBe('pro-sub');
    expect(planSettingsTarget({ planType: 'pro', status: 'active' }, { isInvoiceFound: false }, pro)).toBeNull();
    expect(planSettingsTarget({ planType: 'freeTrial', status: 'active' }, { isInvoiceFound: true }, pro)).toBeNull();
    expect(planSettingsTarget({ planType: 'pro', status: 'active' }, { isInvoiceFound: true }, null)).toBeNull();
  });
});

describe('cancel-all', () => {
  it('is offered only when the server lists something that would end', () => {
    const colleague = { id: 's0123456789abcdef01234567-k', kind: 'therapist' as const, name: 'Pro terapeut: Jonas Holm', endsAt: NOW + DAY, startsAt: null };
    expect(cancelAllEnabled({ endsWithPlan: [colleague] })).toBe(true);
    expect(cancelAllEnabled({ endsWithPlan: [] })).toBe(false);
  });
});
