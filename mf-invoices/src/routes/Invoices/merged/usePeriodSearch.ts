/**
 * The state of making or editing a merged statement: the two dates, the invoices found for the period (a query
 * keyed by the period asked for, so an older answer never replaces a newer one), which of them are ticked, the
 * statement being edited, and the save. Editing a statement finds its period with its invoices ticked.
 */
import { useState } from 'react';
import type { Booking, Invoice } from '@klinik/core';
import { useMutation, useQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../../api';
import type { Notify } from '../../../components/InvoiceDialog';
import { texts } from '../../../texts';
import { mergedQueries } from './mergedQueries';
import { dateInput, periodOf } from './period';

interface Search {
  from: number;
  to: number;
  /** The statement whose invoices start ticked (editing). */
  preselect: Invoice | null;
}

/** The invoices of `found` that are in `statement` (a statement's snapshots carry the invoice numbers). */
function invoicesIn(found: readonly Invoice[], statement: Invoice | null): ReadonlySet<string> {
  if (!statement) return new Set();
  const numbers = new Set(statement.image.map((snapshot) => snapshot.number));
  return new Set(found.filter((invoice) => numbers.has(invoice.number)).map((invoice) => invoice.id));
}

/** Whether the client has a treatment in the period; true while the bookings are not known (the button stays usable). */
function treatedIn(bookings: readonly Booking[] | undefined, period: { from: number; to: number } | null): boolean {
  if (!period || !bookings) return true;
  return bookings.some((booking) => booking.treatmentId !== null && booking.from >= period.from && booking.from <= period.to);
}

export function usePeriodSearch({ api, clientId, notify, onSaved }: { api: InvoicesApi; clientId: string; notify: Notify; onSaved: (statement: Invoice) => void }) {
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [search, setSearch] = useState<Search | null>(null);
  /** null: what the search ticks by itself (nothing, or the edited statement's invoices). */
  const [ticked, setTicked] = useState<ReadonlySet<string> | null>(null);
  const [editing, setEditing] = useState<Invoice | null>(null);

  const bookings = useQuery(mergedQueries.bookings(clientId), async () => (await api.clientBookings(clientId)).data);
  // Without a search the key is null and nothing is loaded, so the loader always has one.
  const found = useQuery(search ? mergedQueries.forPeriod(clientId, search.from, search.to) : null, async () => (await api.forPeriod(clientId, search!.from, search!.to)).data);
  const selected = ticked ?? invoicesIn(found.data ?? [], search?.preselect ?? null);

  const save = useMutation(
    ({ statement, invoiceIds, period }: { statement: Invoice | null; invoiceIds: string[]; period: { from: number; to: number } }) =>
      statement ? api.setMerged(statement.id, invoiceIds) : api.addMerged({ clientId, from: period.from, to: period.to, invoiceIds }),
    {
      notify,
      invalidates: [mergedQueries.statements(clientId)],
      onSuccess: (answer) => {
        setSearch(null);
        setTicked(null);
        setEditing(null);
        onSaved(answer.data);
      },
    },
  );

  const period = periodOf(fromDate, toDate);
  const bothDates = fromDate !== '' && toDate !== '';
  const treated = treatedIn(bookings.data, period);
  const finding = search !== null && (found.loading || found.refreshing);

  /** Finds the invoices of a period (again, when it is the one shown), ticking those of `preselect`. */
  function find(range: { from: number; to: number } | null = period, preselect: Invoice | null = editing) {
    if (!range) return;
    save.reset();
    setTicked(null);
    const next = { from: range.from, to: range.to, preselect };
    if (search && search.from === next.from && search.to === next.to) void found.refresh();
    setSearch(next);
  }

  function toggle(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  }

  function edit(statement: Invoice) {
    setEditing(statement);
    if (statement.from !== null && statement.to !== null) {
      setFromDate(dateInput(statement.from));
      setToDate(dateInput(statement.to));
      find({ from: statement.from, to: statement.to }, statement);
    }
  }

  function cancelEdit() {
    setEditing(null);
    setTicked(null);
    setSearch(null);
  }

  let hint: string | null = null;
  if (bothDates && !period) hint = texts.merged.periodInvalid;
  else if (period && !treated) hint = texts.merged.noBookings;

  return {
    fromDate,
    setFromDate,
    toDate,
    setToDate,
    /** Why 'Find fakturaer' cannot find anything, or null. */
    hint,
    canFind: period !== null && treated && !finding && !save.pending,
    finding,
    find,
    /** The invoices found, with the reason when finding failed; null before a search. */
    found: search ? found : null,
    selected,
    toggle,
    editing,
    edit,
    cancelEdit,
    // The statement covers the period its invoices were found for (the dates may have been changed since).
    save: () => {
      if (search) void save.run({ statement: editing, invoiceIds: [...selected], period: search });
    },
    saving: save.pending,
    saveError: save.error,
  };
}

export type PeriodSearch = ReturnType<typeof usePeriodSearch>;
