/**
 * The client treatment page (`/Klientdata?id=…[&journalId=…]`; spec 2 §2): accordions 'Stamdata',
 * 'Stamjournal', one 'Journal – <treatment> <date>' per journal and 'Bookinger', each with 'Print' and 'Luk';
 * the storage panel below; 'Slet klient' after 'Er du sikker?'. `journalId` opens that journal's panel.
 *
 * Everything typed lives in the page's record registry (see components/clientdata/saving/savers.ts), so closing a panel
 * or leaving the page sends what waits for its debounce, and a text the server refused stays on screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Caption1,
  Link,
  Spinner,
  makeStyles,
  tokens,
  type AccordionToggleData,
} from '@fluentui/react-components';
import { ArrowLeftRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Booking, ClientRecord, Journal } from '@klinik/core';
import { FIELD_SAVE_DEBOUNCE_MS, isJournalEditable } from '@klinik/core/records';
import { ActionError } from '@klinik/core/client';
import { LoadError, PageHeader } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { CommentStore } from '../../components/clientdata/fields/commentStore';
import { ClientPageContext, type ClientPageServices, type Notify } from '../../components/clientdata/page/context';
import type { PrintDocument } from '../../components/clientdata/page/printModel';
import { retryable } from '../../components/clientdata/page/retryable';
import { EditableRecord, RecordRegistry, errorMessage } from '../../components/clientdata/saving/savers';
import { StoragePanel } from '../../components/clientdata/page/StoragePanel';
import BookingsSection from '../../components/clientdata/bookings/BookingsSection';
import { adoptJournals, journalTitle } from '../../components/clientdata/journal/journalRecords';
import JournalSection from '../../components/clientdata/journal/JournalSection';
import StamdataSection from '../../components/clientdata/stamdata/StamdataSection';
import StamjournalSection from '../../components/clientdata/journal/StamjournalSection';
import { oneChange, stamdataValues, validateStamdata, type StamdataValues } from '../../components/clientdata/stamdata/stamdata';
import { texts } from '../../components/clientdata/texts';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);
const PrintView = retryable(() => import('../../components/clientdata/page/PrintView'), null);

const T = texts.page;
const STAMDATA = 'stamdata';
const STAMJOURNAL = 'stamjournal';
const BOOKINGS = 'bookings';
const journalItem = (id: string) => `journal:${id}`;

const useStyles = makeStyles({
  back: { display: 'inline-flex', alignItems: 'center', gap: '4px', marginBottom: '8px' },
  accordion: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  panel: { padding: '4px 12px 20px' },
  muted: { color: tokens.colorNeutralForeground3, padding: '8px 12px', display: 'block' },
});

interface Loaded {
  client: ClientRecord;
  journals: Journal[];
  bookings: Booking[];
}

/** Field errors of a Stamdata save: the server's message for that field, else its general message. */
function stamdataError(field: string, error: unknown): string {
  if (error instanceof ActionError) {
    const key = Object.keys(error.errors).find((path) => path === field || path.endsWith(`.${field}`));
    if (key) return error.errors[key]!;
  }
  return errorMessage(error);
}

export default function ClientPage({
  api,
  clientId,
  journalId,
  notify,
  onBack,
  onOpenJournal,
}: {
  api: ClientsApi;
  clientId: string;
  journalId: string | null;
  notify: Notify;
  onBack(): void;
  onOpenJournal(journalId: string): void;
}) {
  const styles = useStyles();
  const [records] = useState(() => new RecordRegistry());
  const [comments] = useState(() => new CommentStore());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [openItems, setOpenItems] = useState<string[]>(journalId ? [journalItem(journalId)] : []);
  const [storageKey, setStorageKey] = useState(0);
  const [printing, setPrinting] = useState<{ document: PrintDocument; id: number } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const servicesRef = useRef<ClientPageServices | null>(null);

  const upsertJournal = useCallback((journal: Journal) => {
    setLoaded((current) => {
      if (!current) return current;
      const exists = current.journals.some((item) => item.id === journal.id);
      const journals = exists ? current.journals.map((item) => (item.id === journal.id ? journal : item)) : [journal, ...current.journals];
      const bookings = current.bookings.map((booking) => (booking.id === journal.bookingId ? { ...booking, journalId: journal.id } : booking));
      return { ...current, journals: journals.sort((a, b) => b.from - a.from), bookings };
    });
  }, []);

  const name = loaded ? { nameFirst: loaded.client.nameFirst, nameLast: loaded.client.nameLast, CPR6Digit: loaded.client.CPR6Digit, CPRLast4Digit: loaded.client.CPRLast4Digit } : null;
  const services = useMemo<ClientPageServices>(
    () => ({
      api,
      clientId,
      clientName: name ?? { nameFirst: '', nameLast: '', CPR6Digit: '', CPRLast4Digit: '' },
      notify,
      records,
      comments,
      storageChanged: () => setStorageKey((value) => value + 1),
      print: (document) => setPrinting((current) => ({ document, id: (current?.id ?? 0) + 1 })),
    }),
    // The name's parts decide, not the object made on every render.
    [api, clientId, notify, records, comments, name?.nameFirst, name?.nameLast, name?.CPR6Digit, name?.CPRLast4Digit],
  );
  servicesRef.current = services;

  const load = useCallback(async () => {
    setError(null);
    setLoaded(null);
    if (!/^[0-9a-f]{24}$/i.test(clientId)) return setError(T.notFound);
    try {
      const [client, journals, bookings] = await Promise.all([api.client(clientId), api.journals(clientId), api.clientBookings(clientId)]);
      const current = servicesRef.current!;
      const known = records.peek<StamdataValues>(`client:${clientId}`);
      if (known) known.sync({ version: 0, values: stamdataValues(client.data) });
      records.get(`client:${clientId}`, () =>
        new EditableRecord<StamdataValues>({
          snapshot: { version: 0, values: stamdataValues(client.data) },
          debounceMs: FIELD_SAVE_DEBOUNCE_MS,
          validate: validateStamdata,
          describeError: stamdataError,
          persist: async (field, value) => {
            const answer = await api.setClient(clientId, oneChange(field, value));
            setLoaded((state) => (state ? { ...state, client: answer.data } : state));
            return { version: 0, values: stamdataValues(answer.data) };
          },
        }),
      );
      adoptJournals(current, journals.data, upsertJournal);
      setLoaded({ client: client.data, journals: journals.data, bookings: bookings.data });
    } catch (reason) {
      setError(errorMessage(reason));
    }
  }, [api, clientId, records, upsertJournal]);

  useEffect(() => {
    void load();
  }, [load]);

  // From the calendar's booking card the address names the booking (a journal's id is its booking's): a booking
  // without a journal yet gets one while its 24 hours run, and a first booking also opens Stamdata and Stamjournal.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!journalId || !loaded || opened.current === journalId) return;
    opened.current = journalId;
    const booking = loaded.bookings.find((item) => item.id === journalId);
    if (booking?.firstBooking) setOpenItems((current) => [...new Set([...current, STAMDATA, STAMJOURNAL])]);
    if (booking && booking.treatmentId && !loaded.journals.some((journal) => journal.id === journalId) && isJournalEditable(booking.to, Date.now())) {
      api.addJournal(booking.id).then(
        (answer) => {
          adoptJournals(servicesRef.current!, [answer.data], upsertJournal);
          upsertJournal(answer.data);
        },
        (reason: unknown) => notify(errorMessage(reason), 'error'),
      );
    }
  }, [journalId, loaded, api, notify, upsertJournal]);

  // A journal asked for in the address opens (and comes into view) once it is known.
  useEffect(() => {
    if (!journalId || !loaded?.journals.some((journal) => journal.id === journalId)) return;
    setOpenItems((current) => (current.includes(journalItem(journalId)) ? current : [...current, journalItem(journalId)]));
    const frame = window.requestAnimationFrame(() => document.getElementById(`klientdata-${journalItem(journalId)}`)?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
    return () => window.cancelAnimationFrame(frame);
  }, [journalId, loaded?.journals]);

  // Leaving the page sends what waits; closing the tab with unsaved text asks first.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      records.flushAll();
      if (records.hasUnsaved()) {
        event.preventDefault();
        event.returnValue = T.unsavedLeave;
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      records.flushAll();
    };
  }, [records]);

  const close = (value: string) => setOpenItems((current) => current.filter((item) => item !== value));
  const onToggle = (_: unknown, data: AccordionToggleData<string>) => setOpenItems(data.openItems);

  const back = (
    <Link
      className={styles.back}
      href="/Klientdata"
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      <ArrowLeftRegular aria-hidden />
      {T.back}
    </Link>
  );

  if (error) {
    const missing = error === texts.page.notFound;
    return (
      <section>
        {back}
        <PageHeader title={texts.title} />
        <LoadError title={missing ? T.notFound : T.loadFailed} detail={missing ? null : error} retryLabel={texts.retry} onRetry={() => void load()} />
      </section>
    );
  }
  if (!loaded) {
    return (
      <section>
        {back}
        <Spinner label={texts.loading} />
      </section>
    );
  }

  const { client, journals, bookings } = loaded;
  const stamdata = records.peek<StamdataValues>(`client:${clientId}`)!;
  const fullName = `${client.nameFirst} ${client.nameLast}`.trim();

  const item = (value: string, title: string, body: ReactNode) => (
    <AccordionItem key={value} value={value} className={styles.item} id={`klientdata-${value}`}>
      <AccordionHeader as="h2" size="large">
        {title}
      </AccordionHeader>
      <AccordionPanel className={styles.panel}>
        <section aria-label={title}>{body}</section>
      </AccordionPanel>
    </AccordionItem>
  );

  return (
    <ClientPageContext.Provider value={services}>
      <section>
        {back}
        <PageHeader title={fullName || texts.title}>
          <Button icon={<DeleteRegular />} onClick={() => setDeleting(true)}>
            {T.deleteClient}
          </Button>
        </PageHeader>
        <Accordion multiple collapsible openItems={openItems} onToggle={onToggle} className={styles.accordion} aria-label={T.sectionsLabel}>
          {item(STAMDATA, T.stamdata, <StamdataSection record={stamdata} client={client} onClose={() => close(STAMDATA)} />)}
          {item(STAMJOURNAL, T.stamjournal, <StamjournalSection onClose={() => close(STAMJOURNAL)} />)}
          {journals.map((journal) =>
            item(journalItem(journal.id), journalTitle(journal), <JournalSection journal={journal} onClose={() => close(journalItem(journal.id))} />),
          )}
          {journals.length === 0 && <Caption1 className={styles.muted}>{T.noJournals}</Caption1>}
          {item(
            BOOKINGS,
            T.bookings,
            <BookingsSection
              bookings={bookings}
              journals={journals}
              onOpenJournal={(id) => {
                setOpenItems((current) => (current.includes(journalItem(id)) ? current : [...current, journalItem(id)]));
                onOpenJournal(id);
              }}
              onJournalCreated={(journal) => {
                adoptJournals(services, [journal], upsertJournal);
                upsertJournal(journal);
                setOpenItems((current) => [...current, journalItem(journal.id)]);
                onOpenJournal(journal.id);
              }}
              onClose={() => close(BOOKINGS)}
            />,
          )}
        </Accordion>
        <StoragePanel refreshKey={storageKey} />
        {deleting && (
          <ConfirmDialog
            open
            body={T.deleteBody(fullName)}
            confirmLabel={T.deleteConfirm}
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              const answer = await api.deleteClient(clientId);
              notify(answer.message || T.deleted);
              onBack();
            }}
          />
        )}
        {printing && <PrintView document={printing.document} printId={printing.id} client={services.clientName} />}
      </section>
    </ClientPageContext.Provider>
  );
}
