/**
 * Invoices as accordion rows (spec 2, Invoice list): number, date, client, total, type and payment status
 * in the header, one row open at a time. The open row's details (PDF preview, mail, download) load when first opened.
 */
import type { ReactNode } from 'react';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { texts } from '../texts';
import { clientName, invoiceKind } from './invoiceFacts';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  list: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
  },
  header: {
    display: 'grid',
    gridTemplateColumns: 'minmax(72px, 7em) minmax(84px, 7em) minmax(0, 1fr) minmax(96px, 9em) minmax(170px, 13em)',
    gap: '4px 12px',
    alignItems: 'center',
    width: '100%',
    '@media (max-width: 640px)': { gridTemplateColumns: 'auto auto minmax(0, 1fr)' },
  },
  mergedHeader: {
    gridTemplateColumns: 'minmax(0, 2fr) minmax(84px, 7em) minmax(0, 1fr) minmax(96px, 9em)',
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
  },
  // On a phone an invoice is two lines: its number and the client's whole line width for the name, then the date,
  // the amount (three columns of one line left the name 85 px of a 390 px phone: 'Lars Søren…'), then the kind and
  // the payment status on a line of their own.
  single: { '@media (max-width: 640px)': { gridTemplateColumns: 'auto minmax(0, 1fr) auto' } },
  singleTags: { '@media (max-width: 640px)': { gridColumnStart: 1, gridColumnEnd: -1 } },
  singleDate: { '@media (max-width: 640px)': { gridRowStart: 2, gridColumnStart: 1 } },
  // A name longer than that wraps rather than losing its end.
  singleName: { '@media (max-width: 640px)': { gridRowStart: 1, gridColumnStart: 2, gridColumnEnd: 4, whiteSpace: 'normal', overflowWrap: 'anywhere' } },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  total: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', '@media (max-width: 640px)': { textAlign: 'left' } },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '4px', justifySelf: 'start', minWidth: 0 },
  kind: {
    justifySelf: 'start',
    padding: '0 8px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorBrandForeground2,
    backgroundColor: tokens.colorBrandBackground2,
  },
  credit: { color: tokens.colorPaletteRedForeground2, backgroundColor: tokens.colorPaletteRedBackground1 },
  panel: { padding: '4px 12px 16px' },
  empty: { padding: '12px' },
});

export function InvoiceAccordion({
  invoices,
  openId,
  onOpen,
  details,
  label,
  empty,
}: {
  invoices: readonly Invoice[];
  openId: string | null;
  onOpen: (id: string | null) => void;
  details: (invoice: Invoice) => ReactNode;
  label: string;
  empty?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.list} role="region" aria-label={label}>
      {invoices.length === 0 && empty ? <div className={styles.empty}>{empty}</div> : null}
      <Accordion collapsible openItems={openId ? [openId] : []} onToggle={(_, data) => onOpen(data.openItems.length ? String(data.value) : null)}>
        {invoices.map((invoice) => (
          <AccordionItem key={invoice.id} value={invoice.id} className={styles.item}>
            <AccordionHeader expandIconPosition="end">
              <span className={mergeClasses(styles.header, invoice.isMerged ? styles.mergedHeader : styles.single)}>
                <span className={styles.number}>{invoice.number || texts.list.noNumber}</span>
                <span className={invoice.isMerged ? undefined : styles.singleDate}>{formatDanishDate(invoice.createdAt)}</span>
                <span className={mergeClasses(styles.name, !invoice.isMerged && styles.singleName)}>{clientName(invoice)}</span>
                <span className={styles.total}>{formatKroner(invoice.totalOre)}</span>
                {/* A merged statement's number already says 'Samlet opgørelse'. */}
                {!invoice.isMerged && (
                  <span className={mergeClasses(styles.tags, styles.singleTags)}>
                    <span className={mergeClasses(styles.kind, invoice.isCredit && styles.credit)}>{invoiceKind(invoice)}</span>
                    {invoice.payment && <StatusBadge status={invoice.payment.status} />}
                  </span>
                )}
              </span>
            </AccordionHeader>
            <AccordionPanel className={styles.panel}>{openId === invoice.id ? details(invoice) : null}</AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
