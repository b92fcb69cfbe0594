/**
 * A journal as an editable record: its four text fields save one at a time, each on top of the version the
 * previous save answered (a stale version answers 409 and writes nothing).
 */
import type { Booking, Journal } from '@klinik/core';
import { FIELD_SAVE_DEBOUNCE_MS, JOURNAL_TEXT_FIELDS, type JournalTextField } from '@klinik/core/records';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { commentTarget } from '../fields/commentStore';
import type { RecordServices } from '../page/context';
import { EditableRecord, type RecordSnapshot } from '../saving/savers';
import { texts } from '../texts';

export type JournalValues = Record<JournalTextField, string>;

export const journalKey = (id: string) => `journal:${id}`;

export function journalSnapshot(journal: Journal): RecordSnapshot<JournalValues> {
  return { version: journal.version, values: { effect: journal.effect, treatment: journal.treatment, followUp: journal.followUp, remark: journal.remark } };
}

/** 'Journal – <treatment> <date>' (Copenhagen date). */
export function journalTitle(journal: Pick<Journal, 'treatmentName' | 'from'>): string {
  return texts.page.journal(journal.treatmentName || texts.page.noTreatment, formatDanishDate(journal.from));
}

export function journalTime(journal: Pick<Journal, 'from' | 'to'>): string {
  return `${formatDanishDate(journal.from)} ${formatCopenhagenTime(journal.from)}–${formatCopenhagenTime(journal.to)}`;
}

/**
 * Makes (or updates) the records of the journals and seeds the comments of their fields. `onSaved` gets every
 * journal the server answers, so the page keeps its flags (editable, fieldEditable) current.
 */
export function adoptJournals(services: RecordServices, journals: readonly Journal[], onSaved: (journal: Journal) => void): void {
  for (const journal of journals) {
    const existing = services.records.peek<JournalValues>(journalKey(journal.id));
    if (existing) existing.sync(journalSnapshot(journal));
    else {
      const { id, bookingId } = journal;
      services.records.get(journalKey(id), () =>
        new EditableRecord<JournalValues>({
          snapshot: journalSnapshot(journal),
          debounceMs: FIELD_SAVE_DEBOUNCE_MS,
          persist: async (field, value, version) => {
            const answer = await services.api.setJournal({ id, version, changes: { [field]: value } });
            onSaved(answer.data);
            return journalSnapshot(answer.data);
          },
          reload: async () => {
            const answer = await services.api.journalFromBooking(bookingId);
            if (!answer.data) return null;
            onSaved(answer.data);
            return journalSnapshot(answer.data);
          },
        }),
      );
    }
    for (const field of JOURNAL_TEXT_FIELDS) {
      services.comments.seed(
        commentTarget.journalField(journal.id, field),
        journal.comments.filter((comment) => comment.customFieldId === null && comment.customFieldName === field),
      );
    }
  }
}

/** The journals with `journal` added or replaced, newest treatment first. */
export function withJournal(journals: readonly Journal[], journal: Journal): Journal[] {
  const others = journals.filter((item) => item.id !== journal.id);
  return [journal, ...others].sort((a, b) => b.from - a.from);
}

/** The bookings with the journal's booking pointing at it. */
export function withJournalOnBooking(bookings: readonly Booking[], journal: Journal): Booking[] {
  return bookings.map((booking) => (booking.id === journal.bookingId ? { ...booking, journalId: journal.id } : booking));
}
