/**
 * The client treatment page (`/Klientdata?id=…[&journalId=…]`; spec 2 §2): accordions 'Stamdata',
 * 'Stamjournal', one 'Journal – <treatment> <date>' per journal and 'Bookinger', each with 'Print' and 'Luk';
 * the storage panel below; 'Slet klient' after 'Er du sikker?'. `journalId` opens that journal's panel.
 *
 * Everything typed lives in the page's record registry (see components/clientdata/saving/savers.ts), so closing a
 * panel or leaving the page sends what waits for its debounce, and a text the server refused stays on screen.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Caption1,
  Link,
  Spinner,
  makeStyles,
  tokens,
  type AccordionToggleData,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { Journal } from '@klinik/core';
import type { PageLinks } from '@klinik/core/rules';
import { LoadError, PageHeader, useMutation } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import BookingsSection from '../../components/clientdata/bookings/BookingsSection';
import JournalSection from '../../components/clientdata/journal/JournalSection';
import { journalTitle } from '../../components/clientdata/journal/journalRecords';
import StamjournalSection from '../../components/clientdata/journal/StamjournalSection';
import { ClientPageContext, type Notify } from '../../components/clientdata/page/context';
import { DeleteClient } from '../../components/clientdata/page/DeleteClient';
import { retryable } from '../../components/clientdata/page/retryable';
import { StoragePanel } from '../../components/clientdata/page/StoragePanel';
import { useFlushOnLeave } from '../../components/clientdata/page/useFlushOnLeave';
import { SECTIONS, journalSection, sectionElementId, useOpenSections } from '../../components/clientdata/page/useOpenSections';
import StamdataSection from '../../components/clientdata/stamdata/StamdataSection';
import { stamdataKey } from '../../components/clientdata/stamdata/stamdataRecord';
import type { StamdataValues } from '../../components/clientdata/stamdata/stamdata';
import { texts } from '../../components/clientdata/texts';
import { accessLogTexts } from '../../components/accesslog/texts';
import { invoiceTexts as TI } from './invoiceTexts';
import { useClientPageData } from './useClientPageData';

const PrintView = retryable(() => import('../../components/clientdata/page/PrintView'), null);
const ClientAccessLog = retryable(() => import('../../components/accesslog/ClientAccessLog'));

const T = texts.page;

const useStyles = makeStyles({
  back: { display: 'inline-flex', alignItems: 'center', gap: '4px', marginBottom: '8px' },
  accordion: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  panel: { padding: '4px 12px 20px' },
  muted: { color: tokens.colorNeutralForeground3, padding: '8px 12px', display: 'block' },
  noShows: { display: 'block', marginBottom: '8px', color: tokens.colorPaletteRedForeground1 },
  invoices: { display: 'grid', gap: '8px' },
  links: { display: 'flex', flexWrap: 'wrap', gap: '16px' },
});

/** One accordion panel: a heading that opens it and a region named like it. */
function Section({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <AccordionItem value={value} className={styles.item} id={sectionElementId(value)}>
      <AccordionHeader as="h2" size="large">
        {title}
      </AccordionHeader>
      <AccordionPanel className={styles.panel}>
        <section aria-label={title}>{children}</section>
      </AccordionPanel>
    </AccordionItem>
  );
}

function BackLink({ onBack }: { onBack: () => void }) {
  const styles = useStyles();
  return (
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
}

/** The client's invoices and merged statements: links into mf-invoices' embedded views (the shell builds them). */
function InvoicesSection({ pages, clientId, bookingIds }: { pages: PageLinks; clientId: string; bookingIds: readonly string[] }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(to);
  };
  const invoices = pages.invoicesForBookings(bookingIds);
  const merged = pages.mergedStatementsForClient(clientId);
  return (
    <div className={styles.invoices}>
      <Caption1>{bookingIds.length > 0 ? TI.invoicesIntro : TI.noInvoicesYet}</Caption1>
      <div className={styles.links}>
        {bookingIds.length > 0 && (
          <Link href={invoices} onClick={go(invoices)}>
            {TI.clientInvoices}
          </Link>
        )}
        <Link href={merged} onClick={go(merged)}>
          {TI.mergedStatements}
        </Link>
      </div>
    </div>
  );
}

export default function ClientPage({
  api,
  clientId,
  journalId,
  isOwner = false,
  notify,
  pages,
  onBack,
  onOpenJournal,
}: {
  api: ClientsApi;
  clientId: string;
  journalId: string | null;
  /** The owner sees the client's 'Adgangslog'. */
  isOwner?: boolean;
  notify: Notify;
  pages: PageLinks;
  onBack: () => void;
  onOpenJournal: (journalId: string) => void;
}) {
  const styles = useStyles();
  const page = useClientPageData({ api, clientId, notify });
  const { services, client, journals, bookings } = page;
  // The booking card's journal, opened for the user: a failure is a toast, success shows the journal itself.
  const openFromCard = useMutation((bookingId: string) => api.addJournal(bookingId), {
    notify,
    successText: false,
    errorToast: true,
    onSuccess: (answer) => page.adoptJournal(answer.data),
  });
  const sections = useOpenSections({ journalId, journals, bookings, createJournal: (bookingId) => openFromCard.run(bookingId) });
  useFlushOnLeave(services.records, T.unsavedLeave);

  if (!page.valid || (page.error && !(client && journals && bookings))) {
    return (
      <section>
        <BackLink onBack={onBack} />
        <PageHeader title={texts.title} />
        <LoadError title={page.valid ? T.loadFailed : T.notFound} detail={page.valid ? page.error : null} retryLabel={texts.retry} onRetry={() => void page.retry()} />
      </section>
    );
  }
  if (!client || !journals || !bookings) {
    return (
      <section>
        <BackLink onBack={onBack} />
        <Spinner label={texts.loading} />
      </section>
    );
  }

  const stamdata = services.records.peek<StamdataValues>(stamdataKey(clientId))!;
  const fullName = `${client.nameFirst} ${client.nameLast}`.trim();
  const showJournal = (journal: Journal) => {
    sections.open(journalSection(journal.id));
    onOpenJournal(journal.id);
  };

  return (
    <ClientPageContext.Provider value={services}>
      <section>
        <BackLink onBack={onBack} />
        <PageHeader title={fullName || texts.title}>
          <DeleteClient fullName={fullName} onDeleted={onBack} />
        </PageHeader>
        {client.noShows > 0 && <Caption1 className={styles.noShows}>{T.noShows(client.noShows)}</Caption1>}
        {page.error && <LoadError title={T.loadFailed} detail={page.error} retryLabel={texts.retry} onRetry={() => void page.retry()} />}
        <Accordion
          multiple
          collapsible
          openItems={sections.openItems}
          onToggle={(_, data: AccordionToggleData<string>) => sections.setOpenItems(data.openItems)}
          className={styles.accordion}
          aria-label={T.sectionsLabel}
        >
          <Section value={SECTIONS.stamdata} title={T.stamdata}>
            <StamdataSection record={stamdata} client={client} onClose={() => sections.close(SECTIONS.stamdata)} />
          </Section>
          <Section value={SECTIONS.stamjournal} title={T.stamjournal}>
            <StamjournalSection onClose={() => sections.close(SECTIONS.stamjournal)} />
          </Section>
          {journals.map((journal) => (
            <Section key={journal.id} value={journalSection(journal.id)} title={journalTitle(journal)}>
              <JournalSection journal={journal} onClose={() => sections.close(journalSection(journal.id))} />
            </Section>
          ))}
          {journals.length === 0 && <Caption1 className={styles.muted}>{T.noJournals}</Caption1>}
          <Section value={SECTIONS.bookings} title={T.bookings}>
            <BookingsSection
              bookings={bookings}
              journals={journals}
              onOpenJournal={(id) => {
                sections.open(journalSection(id));
                onOpenJournal(id);
              }}
              onJournalCreated={(journal) => {
                page.adoptJournal(journal);
                showJournal(journal);
              }}
              onClose={() => sections.close(SECTIONS.bookings)}
            />
          </Section>
          <Section value={SECTIONS.invoices} title={TI.invoices}>
            <InvoicesSection pages={pages} clientId={clientId} bookingIds={bookings.slice(0, 200).map((booking) => booking.id)} />
          </Section>
          {isOwner && (
            <Section value={SECTIONS.accessLog} title={accessLogTexts.title}>
              <ClientAccessLog api={api} clientId={clientId} />
            </Section>
          )}
        </Accordion>
        <StoragePanel />
        {page.printing && <PrintView document={page.printing.document} printId={page.printing.id} client={services.clientName} />}
      </section>
    </ClientPageContext.Provider>
  );
}
