/**
 * Journals on the client page: every answer of the journal list brings the records up to date without replacing
 * them (a record holds text that is not saved yet), and a saved or opened journal lands in the shown lists.
 */
import type { Booking, Journal } from '@klinik/core';
import type { ClientsApi } from '../../../api';
import { CommentStore } from '../fields/commentStore';
import { RecordRegistry } from '../saving/savers';
import { adoptJournals, journalKey, withJournal, withJournalOnBooking, type JournalValues } from './journalRecords';

function journal(id: string, from: number, changes: Partial<Journal> = {}): Journal {
  return {
    id,
    clientId: 'c1',
    therapistId: 't1',
    treatmentId: 'tr1',
    bookingId: id,
    from,
    to: from + 3_600_000,
    treatmentName: 'Massage',
    effect: '',
    treatment: '',
    followUp: '',
    remark: '',
    firstInputEffectDate: null,
    firstInputTreatmentUpDate: null,
    firstInputFollowUpDate: null,
    firstInputRemarkUpDate: null,
    updatedAt: from,
    updatedBy: '',
    version: 1,
    editable: true,
    fieldEditable: { effect: true, treatment: true, followUp: true, remark: true },
    comments: [],
    ...changes,
  };
}

const noCalls = {} as ClientsApi; // adopting a journal calls nothing; only its saves would

describe('journals of the client page', () => {
  it('keeps one record per journal across reloads, with the text typed and not yet saved', () => {
    const services = { api: noCalls, records: new RecordRegistry(), comments: new CommentStore() };
    adoptJournals(services, [journal('j1', 1)], () => undefined);
    const record = services.records.peek<JournalValues>(journalKey('j1'))!;
    record.edit('effect', 'skrives stadig');

    // The list comes again, now with another person's remark and a newer version.
    adoptJournals(services, [journal('j1', 1, { version: 2, remark: 'Fra kollegaen', comments: [] })], () => undefined);
    expect(services.records.peek(journalKey('j1'))).toBe(record);
    expect(record.field('effect').draft).toBe('skrives stadig');
    expect(record.field('remark').draft).toBe('Fra kollegaen');
    expect(record.currentVersion).toBe(2);
    record.flush();
  });

  it('seeds the comments of each journal field from the answer', () => {
    const services = { api: noCalls, records: new RecordRegistry(), comments: new CommentStore() };
    const comment = { id: 'k1', clientId: 'c1', journalId: 'j1', customFieldId: null, customFieldName: 'treatment', value: 'Tålte trykket', createdBy: 'Mette', createdAt: 5, updatedAt: 5, editable: true };
    adoptJournals(services, [journal('j1', 1, { comments: [comment] })], () => undefined);
    expect(services.comments.get('journal:j1:treatment').map((item) => item.value)).toEqual(['Tålte trykket']);
    expect(services.comments.get('journal:j1:effect')).toEqual([]);
  });

  it('shows a saved journal in place and a new one among the others, newest treatment first', () => {
    const list = [journal('b', 200), journal('a', 100)];
    expect(withJournal(list, journal('a', 100, { effect: 'Bedre' })).map((item) => [item.id, item.effect])).toEqual([
      ['b', ''],
      ['a', 'Bedre'],
    ]);
    expect(withJournal(list, journal('c', 300)).map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(withJournal(list, journal('m', 150)).map((item) => item.id)).toEqual(['b', 'm', 'a']);
  });

  it("points the journal's booking at it and leaves the other bookings alone", () => {
    const bookings = [{ id: 'j1', journalId: null }, { id: 'x', journalId: null }] as Booking[];
    expect(withJournalOnBooking(bookings, journal('j1', 1)).map((booking) => booking.journalId)).toEqual(['j1', null]);
  });
});
