import { DEFAULT_THEME_COLOUR_OUTSIDE_CALENDAR, themeColourOf } from './constants.js';
import {
  allowsNewSubscriptions,
  allowsProFeatures,
  effectivePlanStatus,
  FREE_TRIAL_MS,
  freeTrialEndIfChosenAt,
  freeTrialRefusal,
  isPlanBlocked,
  landingPathAfterLogin,
  planCardButton,
  planKnownEnd,
  planRefusalText,
  proPurchaseTiming,
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
    // The date stamped at registration decides nothing: the month runs from the choice.
    expect(freeTrialRefusal({ planType: 'empty', status: 'empty', trial: NOW - 1 }, NOW)).toBeNull();
    expect(freeTrialRefusal({ planType: 'freeTrial', status: 'active', trial: NOW - 1 }, NOW)).toBe('expired');
    expect(freeTrialRefusal({ planType: 'freeTrial', status: 'active', trial: NOW + DAY }, NOW)).toBe('active');
  });
});

describe('the trial, Pro and when the plan ends', () => {
  const trial = { planType: 'freeTrial', status: 'active', trial: NOW + 10 * DAY } as const;

  it('promises the trial a month from the day it is chosen', () => {
    expect(FREE_TRIAL_MS).toBe(2_592_000_000);
    expect(freeTrialEndIfChosenAt(NOW)).toBe(NOW + 30 * DAY);
  });

  it('buys Pro to start at the end of a running trial, and at once otherwise', () => {
    expect(proPurchaseTiming(trial, NOW)).toEqual({ kind: 'atTrialEnd', startsAt: NOW + 10 * DAY });
    expect(proPurchaseTiming({ ...trial, trial: NOW - 1 }, NOW)).toEqual({ kind: 'now' });
    expect(proPurchaseTiming({ planType: 'empty', status: 'empty', trial: NOW + DAY }, NOW)).toEqual({ kind: 'now' });
    expect(proPurchaseTiming({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toEqual({ kind: 'now' });
  });

  it('shows Pro bought during the trial as chosen, and does not lock the clinic out while its first charge is made', () => {
    const scheduled = { ...trial, proStartsAt: trial.trial };
    expect(planCardButton('pro', scheduled, NOW)).toEqual({ label: 'udvalgt', disabled: true });
    expect(planCardButton('pro', trial, NOW)).toEqual({ label: 'Vælg Abonnement', disabled: false });
    expect(effectivePlanStatus({ ...scheduled, trial: NOW - 1 }, NOW)).toBe('active');
    expect(effectivePlanStatus({ ...trial, trial: NOW - 1 }, NOW)).toBe('expired');
  });

  it('knows when the plan ends: nothing of the clinic may be charged from then on', () => {
    expect(planKnownEnd(trial, NOW)).toBe(NOW + 10 * DAY);
    expect(planKnownEnd({ ...trial, proStartsAt: NOW + 10 * DAY }, NOW)).toBeNull();
    expect(planKnownEnd({ planType: 'pro', status: 'active' }, NOW)).toBeNull();
    expect(planKnownEnd({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toBe(NOW + DAY);
    expect(planKnownEnd({ planType: 'pro', status: 'pending' }, NOW)).toBe(NOW);
    expect(planKnownEnd({ planType: 'empty', status: 'empty' }, NOW)).toBe(NOW);
    expect(allowsNewSubscriptions(trial, NOW)).toBe(true);
    expect(allowsNewSubscriptions({ planType: 'pro', status: 'cancelled', cancelDate: NOW + DAY }, NOW)).toBe(false);
    expect(allowsNewSubscriptions({ planType: 'pro', status: 'expired' }, NOW)).toBe(false);
  });

  it("says 'any plan will do' to a clinic with no plan (spec 2 §1)", () => {
    expect(planRefusalText({ planType: 'empty' }, 'Kan kun bruges med pro abonnement')).toBe('Du kan vælge en hvilken som helst plan, og så kan du bruge den');
    expect(planRefusalText({ planType: null }, 'x')).toBe('Du kan vælge en hvilken som helst plan, og så kan du bruge den');
    expect(planRefusalText({ planType: 'freeTrial' }, 'Kan kun bruges med pro abonnement')).toBe('Kan kun bruges med pro abonnement');
  });

  it('gives the theme colour #35408e in the calendar and #4d5ccc elsewhere when the therapist has none (spec 2 §3)', () => {
    expect(DEFAULT_THEME_COLOUR_OUTSIDE_CALENDAR).toBe('#4d5ccc');
    expect(themeColourOf(['#ffffff'], 'calendar')).toBe('#35408e');
    expect(themeColourOf([], 'elsewhere')).toBe('#4d5ccc');
    expect(themeColourOf(null, 'elsewhere')).toBe('#4d5ccc');
    expect(themeColourOf(['#ffffff', '#aa3300'], 'elsewhere')).toBe('#aa3300');
  });
});
