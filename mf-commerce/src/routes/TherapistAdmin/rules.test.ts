import { therapistMessages } from '@klinik/core/therapists';
import { activeLabel, canAddTherapist, initialStatusChoice, providerReturn, sortUsers, statusStep, subscriptionBadge, type RowLike } from './rules';

const sub = (status: 'pending' | 'active' | 'cancelled' | 'expired', planType: 'freeTrial' | 'pro' = 'freeTrial') => ({ planType, status, endsAt: null });
const row = (isActive: boolean, subscription: ReturnType<typeof sub> | null): RowLike => ({ isAdmin: false, isActive, therapistSubscription: subscription });

describe('what a therapist row shows', () => {
  it("shows the payment status as the spec's three words", () => {
    expect(subscriptionBadge(null)).toEqual({ label: 'IKKE AKTIV', color: 'informative' });
    expect(subscriptionBadge(sub('pending'))).toEqual({ label: 'IKKE AKTIV', color: 'informative' });
    expect(subscriptionBadge(sub('active', 'pro'))).toEqual({ label: 'AKTIV', color: 'success' });
    expect(subscriptionBadge(sub('cancelled')).label).toBe('AFLYST');
    expect(subscriptionBadge(sub('expired')).label).toBe('AFLYST');
  });

  it('shows the own isActive flag as AKTIV or DEAKTIVER', () => {
    expect(activeLabel(true)).toBe('AKTIV');
    expect(activeLabel(false)).toBe('DEAKTIVER');
  });

  it('blocks adding at five therapists', () => {
    expect(canAddTherapist(4)).toBe(true);
    expect(canAddTherapist(5)).toBe(false);
    expect(canAddTherapist(6)).toBe(false);
  });
});

describe('the status dialog', () => {
  it("opens on core's default choice", () => {
    expect(initialStatusChoice(row(true, null))).toBe('active');
    expect(initialStatusChoice(row(true, sub('pending')))).toBe('active');
    expect(initialStatusChoice(row(true, sub('cancelled')))).toBe('stopSubscription');
    expect(initialStatusChoice(row(false, sub('expired')))).toBe('deactivate');
  });

  it('active: the payment dialog; a therapist who never had a plan gets the plan choice; an active one is refused', () => {
    expect(statusStep('active', row(false, sub('cancelled', 'pro')))).toEqual({ kind: 'payment' });
    expect(statusStep('active', row(true, sub('expired')))).toEqual({ kind: 'payment' });
    expect(statusStep('active', row(true, sub('pending')))).toEqual({ kind: 'planChoice' });
    expect(statusStep('active', row(true, sub('active')))).toEqual({ kind: 'refused', message: therapistMessages.alreadyActive });
    // Deactivated while the trial still runs: activating again is allowed.
    expect(statusStep('active', row(false, sub('active')))).toEqual({ kind: 'payment' });
  });

  it('deactivate and stop-subscription confirm first, and refuse what would change nothing', () => {
    expect(statusStep('deactivate', row(true, sub('active')))).toEqual({ kind: 'confirm', deactive: true });
    expect(statusStep('deactivate', row(false, sub('cancelled')))).toEqual({ kind: 'refused', message: therapistMessages.alreadyInactive });
    expect(statusStep('stopSubscription', row(true, sub('active')))).toEqual({ kind: 'confirm', deactive: false });
    expect(statusStep('stopSubscription', row(true, sub('pending')))).toEqual({ kind: 'confirm', deactive: false });
    expect(statusStep('stopSubscription', row(true, sub('cancelled')))).toEqual({ kind: 'refused', message: therapistMessages.alreadyStopped });
    expect(statusStep('stopSubscription', row(true, sub('expired')))).toEqual({ kind: 'refused', message: therapistMessages.alreadyStopped });
    expect(statusStep('stopSubscription', row(true, null))).toEqual({ kind: 'refused', message: therapistMessages.alreadyStopped });
  });
});

describe('the users table', () => {
  const users = [
    { nameFirst: 'Åse', nameLast: 'Berg', email: 'b@x.dk', isAvailable: true, phone: '30' },
    { nameFirst: 'anna', nameLast: 'Ølund', email: 'a@x.dk', isAvailable: false, phone: '4' },
    { nameFirst: 'Bo', nameLast: 'Ahl', email: 'c@x.dk', isAvailable: true, phone: '100' },
  ];
  it('sorts by each column in Danish order, both ways', () => {
    expect(sortUsers(users, 'nameFirst', 'ascending').map((user) => user.nameFirst)).toEqual(['anna', 'Bo', 'Åse']);
    expect(sortUsers(users, 'nameLast', 'descending').map((user) => user.nameLast)).toEqual(['Ølund', 'Berg', 'Ahl']);
    expect(sortUsers(users, 'phone', 'ascending').map((user) => user.phone)).toEqual(['4', '30', '100']);
    expect(sortUsers(users, 'isAvailable', 'ascending').map((user) => user.nameFirst)).toEqual(['anna', 'Åse', 'Bo']);
    expect(sortUsers(users, 'isAvailable', 'descending').map((user) => user.nameFirst)).toEqual(['Åse', 'Bo', 'anna']);
    expect(users[0]!.nameFirst).toBe('Åse');
  });
});

describe('the way back from the payment provider', () => {
  it("reads the provider's parameters, keeps the charge to ask about, and clears them", () => {
    expect(providerReturn('?subscription=s-1&payment_method=ca_1')).toEqual({ returned: true, invoice: null, rest: '' });
    expect(providerReturn('?id=s-1&invoice=inv-123&customer=cu-1&tab=x')).toEqual({ returned: true, invoice: 'inv-123', rest: 'tab=x' });
    expect(providerReturn('')).toEqual({ returned: false, invoice: null, rest: '' });
    expect(providerReturn('?invoice=%3Cscript%3E').invoice).toBeNull();
  });
});

