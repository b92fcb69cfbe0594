/**
 * The field-save queue of health records (savers.ts): what it promises, each test failing when that breaks.
 * Timers are jest's fake ones and every server answer is handed out by the test, so the order of events is the
 * test's, never the machine's.
 */
import { jest } from '@jest/globals';
import { ActionError } from '@klinik/core/client';
import { EditableRecord, RecordRegistry, type EditableRecordOptions, type RecordSnapshot } from './savers';

interface Note {
  effect: string;
  remark: string;
}

const DEBOUNCE = 300;

/** One call of `persist`, answered when the test says so. */
interface Call {
  field: keyof Note;
  value: string;
  version: number;
  answer(snapshot: RecordSnapshot<Note>): Promise<void>;
  fail(reason: Error): Promise<void>;
}

/** Lets every promise that can settle do so (the queue's chain included), without moving the clock. */
const settle = () => jest.advanceTimersByTimeAsync(0);

function harness(options: Partial<EditableRecordOptions<Note>> = {}, snapshot: RecordSnapshot<Note> = { version: 1, values: { effect: '', remark: '' } }) {
  const calls: Call[] = [];
  const persist = (field: keyof Note, value: Note[keyof Note], version: number) =>
    new Promise<RecordSnapshot<Note>>((resolve, reject) => {
      calls.push({
        field,
        value,
        version,
        answer: (answer) => (resolve(answer), settle()),
        fail: (reason) => (reject(reason), settle()),
      });
    });
  const record = new EditableRecord<Note>({ snapshot, debounceMs: DEBOUNCE, persist, ...options });
  return { record, calls };
}

const conflict = () => new ActionError('Journalen er ændret af en anden. Din tekst er ikke gemt.', 409);

/** A reload after a conflict that answers `snapshot`. */
const reloading = (snapshot: RecordSnapshot<Note>) => () => Promise.resolve(snapshot);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('a record saving field by field', () => {
  it('waits for typing to pause, then sends only the last text, once', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'G');
    await jest.advanceTimersByTimeAsync(DEBOUNCE - 1);
    record.edit('effect', 'Go');
    await jest.advanceTimersByTimeAsync(DEBOUNCE - 1);
    record.edit('effect', 'God effekt');
    expect(record.field('effect')).toMatchObject({ draft: 'God effekt', status: 'pending' });
    await jest.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.map(({ field, value, version }) => ({ field, value, version }))).toEqual([{ field: 'effect', value: 'God effekt', version: 1 }]);
    expect(record.field('effect').status).toBe('saving');
    await calls[0]!.answer({ version: 2, values: { effect: 'God effekt', remark: '' } });
    expect(record.field('effect')).toEqual({ draft: 'God effekt', saved: 'God effekt', status: 'saved', error: '' });
    expect(record.currentVersion).toBe(2);
    expect(record.hasUnsaved()).toBe(false);
  });

  it('runs the saves of one record one after another, each on the version the previous answer gave', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'Bedre');
    record.edit('remark', 'Ring i morgen');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    // Both debounces are over, but the second save waits for the first answer.
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ field: 'effect', version: 1 });
    expect(record.field('remark').status).toBe('pending');
    await calls[0]!.answer({ version: 2, values: { effect: 'Bedre', remark: '' } });
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ field: 'remark', value: 'Ring i morgen', version: 2 });
    await calls[1]!.answer({ version: 3, values: { effect: 'Bedre', remark: 'Ring i morgen' } });
    expect(record.currentVersion).toBe(3);
    expect([record.field('effect').status, record.field('remark').status]).toEqual(['saved', 'saved']);
  });

  it('keeps what is typed during a save on screen and sends it next', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'Mindre ondt');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    record.edit('effect', 'Mindre ondt i nakken');
    await calls[0]!.answer({ version: 2, values: { effect: 'Mindre ondt', remark: '' } });
    // The answer of the older text neither replaces the newer one nor says 'Gemt'.
    expect(record.field('effect')).toMatchObject({ draft: 'Mindre ondt i nakken', saved: 'Mindre ondt', status: 'pending' });
    expect(record.hasUnsaved()).toBe(true);
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls[1]).toMatchObject({ value: 'Mindre ondt i nakken', version: 2 });
    await calls[1]!.answer({ version: 3, values: { effect: 'Mindre ondt i nakken', remark: '' } });
    expect(record.field('effect')).toMatchObject({ draft: 'Mindre ondt i nakken', status: 'saved' });
  });

  it('sends nothing, and shows no save under way, when the text is typed back to the saved one before the pause', async () => {
    const { record, calls } = harness({}, { version: 1, values: { effect: 'Gemt', remark: '' } });
    record.edit('effect', 'Gemt!');
    record.edit('effect', 'Gemt');
    expect(record.field('effect').status).not.toBe('pending');
    expect(record.hasUnsaved()).toBe(false);
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect(calls).toHaveLength(0);
    expect(record.field('effect')).toMatchObject({ draft: 'Gemt', saved: 'Gemt', error: '' });
    expect(['idle', 'saved']).toContain(record.field('effect').status);
  });

  it('sends the earlier text again when it is typed back while the newer one is being saved', async () => {
    const { record, calls } = harness({}, { version: 1, values: { effect: 'A', remark: '' } });
    record.edit('effect', 'AB');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls[0]).toMatchObject({ value: 'AB' });
    record.edit('effect', 'A');
    await calls[0]!.answer({ version: 2, values: { effect: 'AB', remark: '' } });
    // The server now holds 'AB' while the screen shows 'A': that is not saved.
    expect(record.field('effect')).toMatchObject({ draft: 'A', saved: 'AB' });
    expect(record.hasUnsaved()).toBe(true);
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls[1]).toMatchObject({ value: 'A', version: 2 });
    await calls[1]!.answer({ version: 3, values: { effect: 'A', remark: '' } });
    expect(record.field('effect')).toEqual({ draft: 'A', saved: 'A', status: 'saved', error: '' });
  });

  it('keeps the message of a value its rule refuses when a save of the field answers meanwhile', async () => {
    const { record, calls } = harness({ validate: (_field, value) => (value.trim() ? null : 'Feltet må ikke være tomt') });
    record.edit('effect', 'Tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    record.edit('effect', '');
    await calls[0]!.answer({ version: 2, values: { effect: 'Tekst', remark: '' } });
    expect(record.field('effect')).toEqual({ draft: '', saved: 'Tekst', status: 'invalid', error: 'Feltet må ikke være tomt' });
  });

  it('shows what the server answers for the other fields, except one the user is editing', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'Ny tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    record.edit('remark', 'skriver stadig');
    // The answer also carries another person's remark.
    await calls[0]!.answer({ version: 4, values: { effect: 'Ny tekst', remark: 'Fra kollegaen' } });
    expect(record.field('remark')).toMatchObject({ draft: 'skriver stadig', saved: 'Fra kollegaen', status: 'pending' });

    const quiet = harness();
    quiet.record.edit('effect', 'Ny tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await quiet.calls[0]!.answer({ version: 4, values: { effect: 'Ny tekst', remark: 'Fra kollegaen' } });
    expect(quiet.record.field('remark')).toMatchObject({ draft: 'Fra kollegaen', saved: 'Fra kollegaen', status: 'idle' });
  });

  it('never sends a value its rule refuses, and sends it once corrected', async () => {
    const { record, calls } = harness({ validate: (_field, value) => (value.trim() ? null : 'Feltet må ikke være tomt') });
    record.edit('effect', '   ');
    expect(record.field('effect')).toMatchObject({ draft: '   ', status: 'invalid', error: 'Feltet må ikke være tomt' });
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    record.flush();
    await settle();
    expect(calls).toHaveLength(0);
    record.edit('effect', 'Rettet');
    expect(record.field('effect')).toMatchObject({ status: 'pending', error: '' });
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls.map((call) => call.value)).toEqual(['Rettet']);
  });

  it('keeps the text of a failed save with the reason, and tries again on the next edit or on retry', async () => {
    const { record, calls } = harness({ describeError: (field, error) => `${field}: ${(error as Error).message}` });
    record.edit('effect', 'Vigtig tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(new ActionError('Serveren svarer ikke', 503));
    expect(record.field('effect')).toEqual({ draft: 'Vigtig tekst', saved: '', status: 'error', error: 'effect: Serveren svarer ikke' });
    expect(record.hasUnsaved()).toBe(true);

    // The same text again is not 'already saved': it is sent again.
    record.edit('effect', 'Vigtig tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    expect(calls[1]).toMatchObject({ value: 'Vigtig tekst', version: 1 });
    await calls[1]!.fail(new Error('Netværksfejl'));
    record.retry('effect');
    await settle();
    expect(calls[2]).toMatchObject({ value: 'Vigtig tekst', version: 1 });
    await calls[2]!.answer({ version: 2, values: { effect: 'Vigtig tekst', remark: '' } });
    expect(record.field('effect')).toMatchObject({ status: 'saved', error: '' });
    expect(record.hasUnsaved()).toBe(false);
  });

  it('after a failed save, typing back the text the server holds leaves nothing marked as failed', async () => {
    const { record, calls } = harness({}, { version: 1, values: { effect: 'Gemt', remark: '' } });
    record.edit('effect', 'Gemt og mere');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(new Error('Netværksfejl'));
    record.edit('effect', 'Gemt');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[1]?.answer({ version: 2, values: { effect: 'Gemt', remark: '' } });
    expect(record.field('effect')).toMatchObject({ draft: 'Gemt', error: '' });
    expect(record.field('effect').status).not.toBe('error');
    expect(record.hasUnsaved()).toBe(false);
  });

  it('does not send a waiting save whose field has since been given a value its rule refuses', async () => {
    const { record, calls } = harness({ validate: (_field, value) => (value.trim() ? null : 'Feltet må ikke være tomt') });
    record.edit('effect', 'Først');
    record.edit('remark', 'Gyldig');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    // The remark's save waits in the queue behind the effect's; then the remark is emptied.
    record.edit('remark', ' ');
    await calls[0]!.answer({ version: 2, values: { effect: 'Først', remark: '' } });
    expect(calls).toHaveLength(1);
    expect(record.field('remark')).toMatchObject({ draft: ' ', status: 'invalid' });
  });

  it('goes on with the next save after a failed one', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'A');
    record.edit('remark', 'B');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(new Error('Netværksfejl'));
    expect(calls[1]).toMatchObject({ field: 'remark', value: 'B', version: 1 });
  });

  it('on a conflict keeps the user text, shows the saved one, and saves nothing until the user chooses', async () => {
    const reload = jest.fn(reloading({ version: 7, values: { effect: 'Kollegaens tekst', remark: 'Kollegaens note' } }));
    const { record, calls } = harness({ reload });
    record.edit('effect', 'Min tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(conflict());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(record.field('effect')).toEqual({ draft: 'Min tekst', saved: 'Kollegaens tekst', status: 'conflict', error: conflict().message });
    // A field nobody edited follows the reloaded record.
    expect(record.field('remark')).toMatchObject({ draft: 'Kollegaens note', status: 'idle' });
    expect(record.currentVersion).toBe(7);
    expect(record.hasUnsaved()).toBe(true);

    // Typing on goes on locally; no save is sent behind the user's back.
    record.edit('effect', 'Min tekst, rettet');
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    record.flush();
    await settle();
    expect(calls).toHaveLength(1);

    // 'Gem min tekst': the user's text goes on top of the version now known.
    record.retry('effect');
    await settle();
    expect(calls[1]).toMatchObject({ field: 'effect', value: 'Min tekst, rettet', version: 7 });
    await calls[1]!.answer({ version: 8, values: { effect: 'Min tekst, rettet', remark: 'Kollegaens note' } });
    expect(record.field('effect')).toMatchObject({ draft: 'Min tekst, rettet', saved: 'Min tekst, rettet', status: 'saved', error: '' });
  });

  it("on a conflict 'Brug den gemte tekst' shows the saved text and sends nothing", async () => {
    const { record, calls } = harness({ reload: reloading({ version: 3, values: { effect: 'Gemt af en anden', remark: '' } }) });
    record.edit('effect', 'Min tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(conflict());
    record.takeSaved('effect');
    expect(record.field('effect')).toEqual({ draft: 'Gemt af en anden', saved: 'Gemt af en anden', status: 'idle', error: '' });
    expect(record.hasUnsaved()).toBe(false);
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect(calls).toHaveLength(1);
    // The field is no longer the user's: it follows newer data from the server again.
    record.sync({ version: 4, values: { effect: 'Endnu nyere', remark: '' } });
    expect(record.field('effect').draft).toBe('Endnu nyere');
  });

  it("on a conflict 'Gem min tekst' sends the user's text even when it is what the user had saved before", async () => {
    const { record, calls } = harness(
      { reload: reloading({ version: 3, values: { effect: 'Kollegaens tekst', remark: '' } }) },
      { version: 1, values: { effect: 'Min gamle tekst', remark: '' } },
    );
    record.edit('effect', 'Min nye tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    await calls[0]!.fail(conflict());
    record.edit('effect', 'Min gamle tekst');
    record.retry('effect');
    await settle();
    expect(calls[1]).toMatchObject({ value: 'Min gamle tekst', version: 3 });
  });

  it('does not send text typed during a save that then meets a conflict, until the user chooses', async () => {
    const { record, calls } = harness({ reload: reloading({ version: 3, values: { effect: 'Kollegaens tekst', remark: '' } }) });
    record.edit('effect', 'Min tekst');
    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    record.edit('effect', 'Min tekst og mere');
    await calls[0]!.fail(conflict());
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect(calls).toHaveLength(1);
    expect(record.field('effect')).toMatchObject({ draft: 'Min tekst og mere', status: 'conflict' });
  });

  it('sends what waits for its debounce at once on flush (closing a panel, printing, leaving)', async () => {
    const { record, calls } = harness();
    record.edit('effect', 'Skrevet lige før luk');
    expect(record.hasUnsaved()).toBe(true);
    record.flush();
    await settle();
    expect(calls.map((call) => call.value)).toEqual(['Skrevet lige før luk']);
    // The debounce's own timer is gone with it: no second save.
    await calls[0]!.answer({ version: 2, values: { effect: 'Skrevet lige før luk', remark: '' } });
    await jest.advanceTimersByTimeAsync(DEBOUNCE * 2);
    expect(calls).toHaveLength(1);
  });

  it('follows newer data from the server, but not while saving, not older data, and not over unsaved text', async () => {
    const { record, calls } = harness({}, { version: 5, values: { effect: 'v5', remark: 'v5' } });
    record.sync({ version: 4, values: { effect: 'v4', remark: 'v4' } });
    expect(record.field('effect').draft).toBe('v5');

    record.edit('remark', 'mit udkast');
    record.sync({ version: 6, values: { effect: 'v6', remark: 'v6' } });
    expect(record.currentVersion).toBe(6);
    expect(record.field('effect')).toMatchObject({ draft: 'v6', saved: 'v6' });
    expect(record.field('remark')).toMatchObject({ draft: 'mit udkast', saved: 'v6', status: 'pending' });

    await jest.advanceTimersByTimeAsync(DEBOUNCE);
    record.sync({ version: 9, values: { effect: 'v9', remark: 'v9' } });
    expect(record.currentVersion).toBe(6);
    expect(record.field('effect').draft).toBe('v6');
    expect(calls[0]).toMatchObject({ value: 'mit udkast', version: 6 });
  });

  it('tells its listeners about every change until they leave', () => {
    const { record } = harness();
    const listener = jest.fn();
    const leave = record.subscribe(listener);
    record.edit('effect', 'x');
    expect(listener).toHaveBeenCalled();
    leave();
    listener.mockClear();
    record.edit('effect', 'xy');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the records of one client page', () => {
  it('makes each record once, finds it under an alias, and flushes and checks them all', async () => {
    const registry = new RecordRegistry();
    const { record, calls } = harness();
    const make = jest.fn(() => record);
    expect(registry.get('journal:1', make)).toBe(record);
    expect(registry.get('journal:1', make)).toBe(record);
    expect(make).toHaveBeenCalledTimes(1);
    registry.alias('comment:9', record as unknown as EditableRecord<object>);
    expect(registry.peek('comment:9')).toBe(record);

    record.edit('effect', 'ikke sendt endnu');
    expect(registry.hasUnsaved()).toBe(true);
    registry.flushAll();
    await settle();
    expect(calls).toHaveLength(1);
    await calls[0]!.answer({ version: 2, values: { effect: 'ikke sendt endnu', remark: '' } });
    expect(registry.hasUnsaved()).toBe(false);

    registry.forget('journal:1');
    expect(registry.peek('journal:1')).toBeUndefined();
  });
});
