import {
  allowsProFeatures,
  effectivePlanStatus,
  freeTrialRefusal,
  isPlanBlocked,
  landingPathAfterLogin,
  planCardButton,
  showsAccountMenuItems,
  showsFreeTrialCard,
} from './plan.js';

const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 24 * 60 * 60 * 1000;

describe('landing after login (spec 1 §2)', () => {
  it.each([
    [{ planType: null, status: 'active' }, '/planlægge'],
    [{ planType: 'empty', status: 'active' }, '/planlægge'],
    [{ planType: 'pro', status: 'expired' }, '/planlægge'],
    [{ planType: 'pro', status: 'pending' }, '/planlægge'],
    [{ planType: 'freeTrial', status: 'empty' }, '/planlægge'],
    [{ planType: 'freeTrial', status: null }, '/planlægge'],
    [{ planType: 'pro', status: 'active' }, '/Kalender'],
    [{ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, '/Kalender'],
    [{ planType: 'freeTrial', status: 'active', trial: NOW + DAY }, '/Kalender'],
  ] as const)('%j → %s', (plan, path) => {
    expect(landingPathAfterLogin(plan, NOW)).toBe(path);
  });

  it('sends a free trial that has run out to the plan page', () => {
    expect(landingPathAfterLogin({ planType: 'freeTrial', status: 'active', trial: NOW - 1 }, NOW)).toBe('/planlægge');
  });
});

describe('effective status', () => {
  it('reads an active trial past its end, and a cancelled plan past its cancel date, as expired', () => {
    expect(effectivePlanStatus({ planType: 'freeTrial', status: 'active', trial: NOW }, NOW)).toBe('expired');
    expect(effectivePlanStatus({ planType: 'freeTrial', status: 'active', trial: NOW + 1 }, NOW)).toBe('active');
    expect(effectivePlanStatus({ planType: 'pro', status: 'cancelled', cancelDate: NOW - 1 }, NOW)).toBe('expired');
    expect(effectivePlanStatus({ planType: 'pro', status: 'cancelled', cancelDate: NOW + 1 }, NOW)).toBe('cancelled');
    // The registration trial date does not expire a pro plan.
    expect(effectivePlanStatus({ planType: 'pro', status: 'active', trial: NOW - DAY }, NOW)).toBe('active');
  });
});

describe('gating', () => {
  it('blocks the side menu for expired, pending and empty statuses only', () => {
    expect(isPlanBlocked({ planType: 'pro', status: 'expired' }, NOW)).toBe(true);
    expect(isPlanBlocked({ planType: 'pro', status: 'pending' }, NOW)).toBe(true);
    expect(isPlanBlocked({ planType: 'empty', status: 'empty' }, NOW)).toBe(true);
    expect(isPlanBlocked({ planType: 'pro', status: 'active' }, NOW)).toBe(false);
    expect(isPlanBlocked({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toBe(false);
  });

  it('shows account-menu items for active, cancelled and empty statuses', () => {
    expect(showsAccountMenuItems({ planType: 'empty', status: 'empty' }, NOW)).toBe(true);
    expect(showsAccountMenuItems({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toBe(true);
    expect(showsAccountMenuItems({ planType: 'pro', status: 'expired' }, NOW)).toBe(false);
    expect(showsAccountMenuItems({ planType: 'pro', status: 'pending' }, NOW)).toBe(false);
  });

  it('allows pro features on an active trial or plan, or a cancelled one before its end', () => {
    expect(allowsProFeatures({ planType: 'freeTrial', status: 'active', trial: NOW + DAY }, NOW)).toBe(true);
    expect(allowsProFeatures({ planType: 'pro', status: 'active' }, NOW)).toBe(true);
    expect(allowsProFeatures({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toBe(true);
    expect(allowsProFeatures({ planType: 'pro', status: 'cancelled', cancelDate: NOW - 1 }, NOW)).toBe(false);
    expect(allowsProFeatures({ planType: 'freeTrial', status: 'active', trial: NOW - 1 }, NOW)).toBe(false);
    expect(allowsProFeatures({ planType: 'empty', status: 'active' }, NOW)).toBe(false);
    expect(allowsProFeatures({ planType: 'pro', status: 'pending' }, NOW)).toBe(false);
  });
});

describe('plan choice screen (spec 3)', () => {
  it('shows the free-trial card only without a pro plan', () => {
    expect(showsFreeTrialCard({ planType: 'empty' })).toBe(true);
    expect(showsFreeTrialCard({ planType: null })).toBe(true);
    expect(showsFreeTrialCard({ planType: 'freeTrial' })).toBe(true);
    expect(showsFreeTrialCard({ planType: 'pro' })).toBe(false);
  });

  it('labels the buttons as the spec says', () => {
    const fresh = { planType: 'empty', status: 'empty' } as const;
    expect(planCardButton('freeTrial', fresh, NOW)).toEqual({ label: 'Vælg Abonnement', disabled: false });
    expect(planCardButton('pro', fresh, NOW)).toEqual({ label: 'Vælg Abonnement', disabled: false });
    const trial = { planType: 'freeTrial', status: 'active', trial: NOW + DAY } as const;
    expect(planCardButton('freeTrial', trial, NOW)).toEqual({ label: 'udvalgt', disabled: true });
    expect(planCardButton('pro', trial, NOW)).toEqual({ label: 'Vælg Abonnement', disabled: false });
    expect(planCardButton('freeTrial', { ...trial, trial: NOW - 1 }, NOW)).toEqual({ label: 'udløbet', disabled: true });
    expect(planCardButton('pro', { planType: 'pro', status: 'active' }, NOW)).toEqual({ label: 'udvalgt', disabled: true });
    expect(planCardButton('pro', { planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toEqual({ label: 'Vælg Abonnement', disabled: false });
  });

  it('refuses the free trial to a pro company, after the trial end, and while it runs', () => {
    expect(freeTrialRefusal({ planType: 'empty', status: 'empty', trial: NOW + DAY }, NOW)).toBeNull();
    expect(freeTrialRefusal({ planType: 'pro', status: 'active' }, NOW)).toBe('pro');
    expect(freeTrialRefusal({ planType: 'empty', status: 'empty', trial: NOW - 1 }, NOW)).toBe('expired');
    expect(freeTrialRefusal({ planType: 'freeTrial', status: 'active', trial: NOW + DAY }, NOW)).toBe('active');
  });
});
