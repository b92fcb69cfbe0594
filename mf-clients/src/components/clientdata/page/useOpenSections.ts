/**
 * Which accordion panels of the client page are open. From the calendar's booking card the address names a
 * booking (`journalId`; a journal's id is its booking's): its journal opens and comes into view once it is known, a
 * booking without a journal yet gets one while its 24 hours run, and a first booking also opens Stamdata and
 * Stamjournal.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking, Journal } from '@klinik/core';
import { isJournalEditable } from '@klinik/core/records';

export const SECTIONS = { stamdata: 'stamdata', stamjournal: 'stamjournal', bookings: 'bookings', invoices: 'invoices', accessLog: 'accessLog' } as const;
export const journalSection = (id: string) => `journal:${id}`;
/** The element id of a panel (for scrolling to it). */
export const sectionElementId = (section: string) => `klientdata-${section}`;

export function useOpenSections({
  journalId,
  journals,
  bookings,
  createJournal,
}: {
  journalId: string | null;
  journals: readonly Journal[] | undefined;
  bookings: readonly Booking[] | undefined;
  /** Opens the journal of a booking on the server (the page shows it when the answer comes). */
  createJournal: (bookingId: string) => Promise<unknown>;
}) {
  const [openItems, setOpenItems] = useState<string[]>(journalId ? [journalSection(journalId)] : []);
  const open = useCallback((...items: string[]) => setOpenItems((current) => (items.every((item) => current.includes(item)) ? current : [...new Set([...current, ...items])])), []);
  const close = useCallback((item: string) => setOpenItems((current) => current.filter((other) => other !== item)), []);

  // Once per address, when the journals and bookings are known.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!journalId || !journals || !bookings || handled.current === journalId) return;
    handled.current = journalId;
    const booking = bookings.find((item) => item.id === journalId);
    if (booking?.firstBooking) open(SECTIONS.stamdata, SECTIONS.stamjournal);
    if (booking?.treatmentId && !journals.some((journal) => journal.id === journalId) && isJournalEditable(booking.to, Date.now())) void createJournal(booking.id);
  }, [journalId, journals, bookings, open, createJournal]);

  // The address's journal opens and scrolls into view when it becomes known (not again with every save of it).
  const known = Boolean(journalId && journals?.some((journal) => journal.id === journalId));
  useEffect(() => {
    if (!journalId || !known) return;
    open(journalSection(journalId));
    const frame = window.requestAnimationFrame(() =>
      document.getElementById(sectionElementId(journalSection(journalId)))?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [journalId, known, open]);

  return { openItems, setOpenItems, open, close };
}
