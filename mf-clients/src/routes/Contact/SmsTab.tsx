/**
 * 'SMS-forbrug' (spec 1: SMS constants, Year-to-date SMS data): the caller's SMS this month (free of the quota,
 * billed ones and their price with and without moms) and the clinic's year to date, month by month.
 */
import {
  Caption1,
  ProgressBar,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { SmsUsage } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { QueryView, TableScroll, useQuery } from '@klinik/ui';
import type { TabProps } from './types';
import { parseMonth, yearRows } from './model';
import { texts } from './texts';

const T = texts.sms;

const useStyles = makeStyles({
  tab: { display: 'grid', gap: '20px', maxWidth: '760px', gridTemplateColumns: 'minmax(0, 1fr)' },
  section: { display: 'grid', gap: '8px', gridTemplateColumns: 'minmax(0, 1fr)' },
  heading: { margin: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'minmax(160px, max-content) 1fr', gap: '6px 16px', margin: 0, alignItems: 'baseline' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  bar: { maxWidth: '320px' },
  hint: { color: tokens.colorNeutralForeground3 },
  table: { maxWidth: '640px' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  numberHead: { justifyContent: 'flex-end', textAlign: 'right' },
  total: { fontWeight: tokens.fontWeightSemibold },
  loading: { height: '240px' },
});

function monthName(value: string): string {
  const month = parseMonth(value);
  return month ? `${T.months[month.month]!.toLowerCase()} ${month.year}` : value;
}

function Usage({ usage }: { usage: SmsUsage }) {
  const styles = useStyles();
  const rows = yearRows(usage);
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return (
    <div className={styles.tab}>
      <section className={styles.section} aria-labelledby="contact-sms-month">
        <Subtitle2 as="h2" id="contact-sms-month" className={styles.heading}>
          {T.month(monthName(usage.month))}
        </Subtitle2>
        <dl className={styles.facts}>
          <dt className={styles.term}>{T.free}</dt>
          <dd className={styles.value}>
            {T.freeOf(usage.freeUsed, usage.quota)}
            <ProgressBar className={styles.bar} aria-label={T.freeBar} value={usage.quota > 0 ? Math.min(1, usage.freeUsed / usage.quota) : 0} max={1} />
          </dd>
          <dt className={styles.term}>{T.paid}</dt>
          <dd className={styles.value}>{usage.paid}</dd>
          <dt className={styles.term}>{T.amount}</dt>
          <dd className={styles.value}>{T.amountValue(formatKroner(usage.paidAmountOre), formatKroner(usage.paidAmountWithVatOre))}</dd>
          <dt className={styles.term}>{T.skipped}</dt>
          <dd className={styles.value}>{usage.skipped}</dd>
        </dl>
        <Caption1 className={styles.hint}>{T.price(usage.quota)}</Caption1>
      </section>

      <section className={styles.section} aria-labelledby="contact-sms-year">
        <Subtitle2 as="h2" id="contact-sms-year" className={styles.heading}>
          {T.year(usage.year)}
        </Subtitle2>
        <TableScroll>
          <Table aria-label={T.yearLabel(usage.year)} size="extra-small" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{T.monthColumn}</TableHeaderCell>
                <TableHeaderCell button={{ className: styles.numberHead }}>{T.freeColumn}</TableHeaderCell>
                <TableHeaderCell button={{ className: styles.numberHead }}>{T.bookingColumn}</TableHeaderCell>
                <TableHeaderCell button={{ className: styles.numberHead }}>{T.courseColumn}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.month}>
                  <TableCell>{T.months[row.month]}</TableCell>
                  <TableCell className={styles.number}>{row.free}</TableCell>
                  <TableCell className={styles.number}>{row.booking}</TableCell>
                  <TableCell className={styles.number}>{row.course}</TableCell>
                </TableRow>
              ))}
              <TableRow className={styles.total}>
                <TableCell>{T.total}</TableCell>
                <TableCell className={styles.number}>{sum((row) => row.free)}</TableCell>
                <TableCell className={styles.number}>{sum((row) => row.booking)}</TableCell>
                <TableCell className={styles.number}>{sum((row) => row.course)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableScroll>
      </section>
    </div>
  );
}

export default function SmsTab({ api }: TabProps) {
  const styles = useStyles();
  const usage = useQuery(['getSmsUsage'], async () => (await api.smsUsage()).data);
  return (
    <section aria-label={T.label}>
      <QueryView
        query={usage}
        errorTitle={T.loadFailed}
        loading={
          <Skeleton aria-label={texts.loading}>
            <SkeletonItem className={styles.loading} />
          </Skeleton>
        }
      >
        {(data) => <Usage usage={data} />}
      </QueryView>
    </section>
  );
}
