import { copenhagenWallTime } from '@klinik/core/time';
import { initialWizard, wizardReducer, type WizardAction, type WizardState } from './state';

const now = copenhagenWallTime(2026, 3, 25, 12, 0); // a Wednesday
const massage = { id: 't1', name: 'Massage', duration: 2700, pause: 900, price: 450, payment: null };
const yoga = { id: 'c1', title: 'Yoga', description: '', limit: 8, min: 2 };
const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, initialWizard(now));

describe('the booking wizard state', () => {
  it('starts at step 0 in the week of today', () => {
    const state = initialWizard(now);
    expect(state.step).toBe(0);
    expect(state.week).toBe(copenhagenWallTime(2026, 3, 23, 0, 0));
  });

  it('walks the steps of a treatment booking', () => {
    const state = run(
      { type: 'chooseKind', kind: 'treatment' },
      { type: 'chooseClientKind', clientKind: 'new' },
      { type: 'setField', name: 'nameFirst', value: 'Signe' },
      { type: 'toChoice' },
      { type: 'chooseTreatment', treatment: massage },
      { type: 'chooseTime', time: now + 86_400_000 },
      { type: 'booked', waiting: false },
    );
    expect(state).toMatchObject({ step: 5, kind: 'treatment', clientKind: 'new', fields: { nameFirst: 'Signe' }, treatment: massage, waiting: false });
  });

  it('drops the chosen time with another week, another treatment or a refused booking, across summer time', () => {
    const chosen = run({ type: 'chooseTreatment', treatment: massage }, { type: 'chooseTime', time: now });
    expect(wizardReducer(chosen, { type: 'changeWeek', weeks: 1 })).toMatchObject({ time: null, week: copenhagenWallTime(2026, 3, 30, 0, 0) });
    expect(wizardReducer(chosen, { type: 'chooseTreatment', treatment: massage }).time).toBeNull();
    expect(wizardReducer(chosen, { type: 'bookingRefused' }).time).toBeNull();
  });

  it("resets the client's data when leaving the details step backwards (spec 1 §4), not when going on", () => {
    const filled = run(
      { type: 'chooseClientKind', clientKind: 'existing' },
      { type: 'setField', name: 'nameFirst', value: 'Karen' },
      { type: 'setReason', reason: 'Skulder' },
      { type: 'setConsent', consent: true },
    );
    expect(wizardReducer(filled, { type: 'toChoice' })).toMatchObject({ step: 3, fields: { nameFirst: 'Karen' }, consent: true });
    expect(wizardReducer(filled, { type: 'leaveDetails' })).toMatchObject({ step: 1, fields: { nameFirst: '' }, reason: '', consent: false });
  });

  it("a treatment's accepted rule and card consent are not carried over to another treatment", () => {
    const accepted = run({ type: 'chooseTreatment', treatment: massage }, { type: 'setAcceptRule', accept: true }, { type: 'setSaveCard', save: true });
    expect(accepted).toMatchObject({ acceptRule: true, saveCard: true });
    expect(wizardReducer(accepted, { type: 'chooseTreatment', treatment: { ...massage, id: 't2' } })).toMatchObject({ acceptRule: false, saveCard: false });
  });

  it('chooses course days, a new course starting with none', () => {
    const state = run({ type: 'chooseCourse', course: yoga }, { type: 'toggleDate', id: 'd1', chosen: true }, { type: 'toggleDate', id: 'd2', chosen: true }, { type: 'toggleDate', id: 'd1', chosen: false });
    expect(state.chosenDates).toEqual(['d2']);
    expect(wizardReducer(state, { type: 'chooseCourse', course: yoga }).chosenDates).toEqual([]);
  });

  it("'Ny booking' keeps nothing", () => {
    const done = run({ type: 'chooseKind', kind: 'course' }, { type: 'chooseCourse', course: yoga }, { type: 'booked', waiting: true });
    expect(wizardReducer(done, { type: 'restart', now })).toEqual(initialWizard(now));
  });
});
