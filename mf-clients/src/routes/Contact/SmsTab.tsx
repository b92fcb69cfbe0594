/**
 * 'SMS-forbrug' (spec 1: SMS constants, Year-to-date SMS data): the caller's SMS this month (free of the quota,
 * billed ones and their price with and without moms) and the clinic's year to date, month by month.
 */
import {
  Caption1,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { SmsUsage } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { QueryView, SmsYearTable, TableScroll, useMutation, useQuery } from '@klinik/ui';
import type { TabProps } from './types';
import { parseMonth } from './model';
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
  loading: { height: '240px' },
});

function monthName(value: string): string {
  const month = parseMonth(value);
  return month ? `${T.months[month.month]!.toLowerCase()} ${month.year}` : value;
}

/** The clinic's SMS settings: the owner switches SMS abroad; the server says when it cannot be switched on. */
function Settings({ usage, api, notify, isOwner, onSaved }: { usage: SmsUsage; isOwner: boolean; onSaved: (usage: SmsUsage) => void } & Pick<TabProps, 'api' | 'notify'>) {
  const styles = useStyles();
  const save = useMutation((smsAbroad: boolean) => api.setSmsSettings({ smsAbroad }), { notify, onSuccess: (answer) => onSaved(answer.data) });
  return (
    <section className={styles.section} aria-labelledby="contact-sms-settings">
      <Subtitle2 as="h2" id="contact-sms-settings" className={styles.heading}>
        {T.settings}
      </Subtitle2>
      <Switch
        label={`${T.abroad}: ${usage.smsAbroad ? T.abroadOn : T.abroadOff}`}
        checked={usage.smsAbroad}
        disabled={!isOwner || save.pending}
        onChange={(_, data) => void save.run(data.checked)}
      />
      <Caption1 className={styles.hint}>{isOwner ? T.abroadHint : `${T.abroadHint} ${T.abroadOwnerOnly}`}</Caption1>
      {save.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{save.error}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}

function Usage({ usage, ...settings }: { usage: SmsUsage; isOwner: boolean; onSaved: (usage: SmsUsage) => void } & Pick<TabProps, 'api' | 'notify'>) {
  const styles = useStyles();
  return (
    <div className={styles.tab}>
      {usage.restrictions.map((restriction) => (
        <MessageBar key={restriction} intent="warning">
          <MessageBarBody>{T.restrictions[restriction]}</MessageBarBody>
        </MessageBar>
      ))}
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

      <Settings usage={usage} {...settings} />

      <section className={styles.section} aria-labelledby="contact-sms-year">
        <Subtitle2 as="h2" id="contact-sms-year" className={styles.heading}>
          {T.year(usage.year)}
        </Subtitle2>
        <TableScroll>
          <SmsYearTable
            ytd={usage}
            label={T.yearLabel(usage.year)}
            size="extra-small"
            className={styles.table}
            texts={{ month: T.monthColumn, free: T.freeColumn, booking: T.bookingColumn, course: T.courseColumn, total: T.total }}
            monthLabel={(month) => T.months[month]!}
          />
        </TableScroll>
      </section>

    </div>
  );
}

export default function SmsTab({ api, notify, shell }: TabProps) {
  const styles = useStyles();
  const usage = useQuery(['getSmsUsage'], async () => (await api.smsUsage()).data);
  const isOwner = shell.therapist?.isAdmin === true;
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
        {(data) => <Usage usage={data} api={api} notify={notify} isOwner={isOwner} onSaved={(saved) => usage.setData(() => saved)} />}
      </QueryView>
    </section>
  );
}
