import type { PlanState } from '@klinik/core/rules';
import { oneTimeOutcome, returnOutcome, untilFinal, type ChargeOnReturn } from './outcome';

const NOW = Date.UTC(2026, 4, 10);
const proActive: PlanState = { planType: 'pro', status: 'active', cancelDate: null };
const trialExpired: PlanState = { planType: 'freeTrial', status: 'expired', cancelDate: null };

describe('the payment return page', () => {
  it('says success only when the charge is settled and the plan is usable', () => {
    expect(returnOutcome({ state: 'settled', plan: proActive }, NOW)).toBe('success');
    expect(returnOutcome({ state: 'settled', plan: { planType: 'pro', status: 'cancelled', cancelDate: NOW + 1000 } }, NOW)).toBe('success');
    // Paid, but the provider's webhook has not reached the plan yet.
    expect(returnOutcome({ state: 'settled', plan: trialExpired }, NOW)).toBe('waiting');
  });

  it('tells a refused or cancelled charge as it is, and anything unfinished as waiting', () => {
    expect(returnOutcome({ state: 'failed', plan: proActive }, NOW)).toBe('failed');
    expect(returnOutcome({ state: 'cancelled', plan: trialExpired }, NOW)).toBe('cancelled');
    for (const state of ['created', 'pending', 'authorized', 'dunning'] as const) {
      expect(returnOutcome({ state, plan: proActive }, NOW)).toBe('waiting');
    }
  });

  it('asks again while waiting, and stops at a final answer or after the last attempt', async () => {
    const answers: ChargeOnReturn[] = [
      { state: 'pending', plan: trialExpired },
      { state: 'settled', plan: trialExpired },
      { state: 'settled', plan: proActive },
      { state: 'settled', plan: proActive },
    ];
    let loads = 0;
    const waits: number[] = [];
    const load = async () => answers[loads++]!;
    const final = await untilFinal(load, (answer) => returnOutcome(answer, NOW), async (ms) => void waits.push(ms), { attempts: 8, intervalMs: 100 });
    expect(final).toEqual({ state: 'settled', plan: proActive });
    expect(loads).toBe(3);
    expect(waits).toEqual([100, 100]);

    let pendingLoads = 0;
    const stillPending = await untilFinal(async () => (pendingLoads++, { state: 'pending' as const, plan: proActive }), (answer) => returnOutcome(answer, NOW), async () => undefined, { attempts: 3, intervalMs: 1 });
    expect(stillPending.state).toBe('pending');
    expect(pendingLoads).toBe(3);
  });

  it('counts a one-time add-on as bought once its charge is settled, whatever the plan', () => {
    expect(oneTimeOutcome({ state: 'settled' })).toBe('success');
    expect(oneTimeOutcome({ state: 'failed' })).toBe('failed');
    expect(oneTimeOutcome({ state: 'cancelled' })).toBe('cancelled');
    expect(oneTimeOutcome({ state: 'authorized' })).toBe('waiting');
  });
});
