import { copenhagenWallTime } from '@klinik/core/time';
import { createRequest, initialForm, type CreateForm } from './form';

const TREATMENT = '64b7f0c2a1b2c3d4e5f60718';
const CLIENT = '64b7f0c2a1b2c3d4e5f60719';
const slot = copenhagenWallTime(2026, 3, 29, 10, 0);

describe("the new booking drawer's form", () => {
  it('starts at the slot clicked, a leave lasting an hour, also on the day summer time begins', () => {
    const form = initialForm(slot);
    expect(form.booking).toMatchObject({ date: '2026-03-29', time: '10:00' });
    expect(form.leave).toMatchObject({ fromDate: '2026-03-29', fromTime: '10:00', toDate: '2026-03-29', toTime: '11:00' });
  });

  it('books an existing client once one is chosen, with a treatment', () => {
    const form: CreateForm = { ...initialForm(slot), booking: { ...initialForm(slot).booking, treatmentId: TREATMENT } };
    expect(createRequest(form).errors.clientId).toBeDefined();
    expect(createRequest(form).request).toBeNull();
    expect(createRequest({ ...form, clientId: CLIENT }).request).toEqual({ kind: 'booking', input: { treatmentId: TREATMENT, clientId: CLIENT, reason: '', from: slot } });
  });

  it("refuses a new client without the spec's fields, with the server's messages", () => {
    const form: CreateForm = { ...initialForm(slot), mode: 'new', booking: { ...initialForm(slot).booking, treatmentId: TREATMENT } };
    const { errors, request } = createRequest(form);
    expect(request).toBeNull();
    expect(errors['client.nameFirst']).toBe('Fejl: Fornavn er påkrævet.');
    expect(errors['client.CPR6Digit']).toBe('Fejl: Fødselsdag skal være 6 cifre.');
    const complete = { ...form, client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '20 30 40 50' } };
    expect(createRequest(complete).request).toMatchObject({ kind: 'booking', input: { client: { nameFirst: 'Signe' }, from: slot } });
  });

  it('needs a treatment', () => {
    const { errors } = createRequest({ ...initialForm(slot), clientId: CLIENT });
    expect(errors.treatmentId).toBe('Fejl: Behandling er påkrævet.');
  });

  it('makes a leave with a reason, ending after it starts', () => {
    const form: CreateForm = { ...initialForm(slot), mode: 'unavailable' };
    expect(createRequest(form).errors.reason).toBe('Fejl: Afsnitt er påkrævet.');
    expect(createRequest({ ...form, leave: { ...form.leave, reason: 'Tandlæge', toTime: '09:00' } }).errors.to).toBeDefined();
    expect(createRequest({ ...form, leave: { ...form.leave, reason: 'Tandlæge' } }).request).toEqual({
      kind: 'leave',
      input: { from: slot, to: slot + 3600_000, reason: 'Tandlæge' },
    });
  });

  it("repeats a booking ('Gentag') with the server's limits and messages", () => {
    const form: CreateForm = { ...initialForm(slot), clientId: CLIENT, booking: { ...initialForm(slot).booking, treatmentId: TREATMENT } };
    const repeat = (change: Partial<CreateForm['repeat']>) => createRequest({ ...form, repeat: { ...form.repeat, on: true, ...change } });
    expect(repeat({}).request).toEqual({ kind: 'series', input: { treatmentId: TREATMENT, clientId: CLIENT, reason: '', from: slot, repeat: { intervalWeeks: 1, count: 10 } } });
    expect(repeat({ count: '53' }).errors['repeat.count']).toBe('En serie kan højst have 52 tider');
    expect(repeat({ count: '' }).request).toBeNull();
    expect(repeat({ end: 'until', until: '2026-03-01' }).errors['repeat.until']).toBe('Til dato skal ligge efter den første tid');
    expect(repeat({ end: 'until', until: '2026-04-12', intervalWeeks: 2 }).request).toMatchObject({ kind: 'series', input: { repeat: { intervalWeeks: 2, until: '2026-04-12' } } });
  });
});
