/**
 * The notes an invoice prints under its lines, by the settings chosen when it was issued (spec 2, invoice dialog):
 * the Stamjournal's 'Aktuel behandling', the journal's treatment and follow-up texts, and the next appointments.
 * `printedOnly` keeps of a snapshot exactly what the invoice prints (health data goes only where it must),
 * so the stored snapshot and every invoice answer hold no Stamjournal field, journal text or appointment the
 * invoice does not show. The PDF prints from `invoiceNotes`, so the two cannot disagree.
 */
import type { InvoiceSnapshot } from './actions/invoices.js';

export const AKTUEL_BEHANDLING = 'Aktuel behandling';

type NoteSource = Pick<InvoiceSnapshot, 'settings' | 'journal' | 'stamJournal' | 'upComing'>;

export interface InvoiceNotes {
  aktuelBehandling: string;
  treatment: string;
  followUp: string;
  upComing: { from: number }[];
}

export function invoiceNotes(s: NoteSource): InvoiceNotes {
  return {
    aktuelBehandling: s.settings.aktuelBehandling ? (s.stamJournal.find((entry) => entry.name === AKTUEL_BEHANDLING)?.value ?? '') : '',
    treatment: s.settings.treatmentText ? (s.journal?.treatment ?? '') : '',
    followUp: s.settings.followUpText ? (s.journal?.followUp ?? '') : '',
    upComing: s.settings.followUpText ? s.upComing.map((next) => ({ from: next.from })) : [],
  };
}

/** `s` with only what its invoice prints of the journal, the Stamjournal and the next appointments. */
export function printedOnly<S extends NoteSource>(s: S): S {
  const notes = invoiceNotes(s);
  return {
    ...s,
    journal: notes.treatment || notes.followUp ? { treatment: notes.treatment, followUp: notes.followUp } : null,
    stamJournal: notes.aktuelBehandling ? [{ name: AKTUEL_BEHANDLING, value: notes.aktuelBehandling }] : [],
    upComing: notes.upComing,
  };
}
