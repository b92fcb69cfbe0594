/**
 * `/Statistik`: how the clinic is doing. A period of whole months (a month, a quarter, a year or chosen months) beside
 * the same months a year before; revenue, bookings, clients, utilisation, SMS, and revenue per therapist and
 * treatment, each a chart with its table and a one-line summary; the tables as Excel or CSV, and the owner's
 * 'Årsopgørelse' (a PDF the server draws). The owner sees the clinic or picks a therapist; a therapist sees their own.
 */
import { useMemo, useState } from 'react';
import { Button, Caption1, Field, Input, Select, Spinner, makeStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';
import {
  copenhagenDateKey,
  formatKroner,
  monthLabel,
  percent,
  statisticsTables,
  type ActionInput,
  type Statistics,
  type StatisticsTable,
  type StatisticsTableName,
} from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, QueryView, queryKey, useNotifications, useQuery } from '@klinik/ui';
import { retryable } from '../../components/retryable';
import type { ChartSpec } from './Chart';
import { saveFile } from './download';
import { customPeriod, periodLabel, periodOf, previousYearLabel, stepPeriod, type Period, type PeriodKind } from './period';
import { statisticsTexts as T } from './texts';

// The figures' cards, tables and charts load beside the figures themselves: the page's first load is its controls.
const Section = retryable(() => import(/* webpackChunkName: "statistics-section" */ './Section'), null);

const THIS_PERIOD = '#0f6cbd';
const LAST_YEAR = '#8a8886';
const SECOND = '#107c10';

const statisticsApi = (client: ActionClient) => ({
  figures: (input: ActionInput<'getStatistics'>) => client.call('getStatistics', input),
  export: (input: ActionInput<'exportStatistics'>) => client.call('exportStatistics', input),
  yearStatement: (year: number) => client.call('getYearStatement', { year }),
  therapists: () => client.call('getCompanyTherapists', {}),
});

const useStyles = makeStyles({
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '12px', marginBottom: '16px' },
  compared: { display: 'block', marginBottom: '12px' },
});

const kr = (ore: number) => formatKroner(Math.round(ore));

/** The page's summaries and charts of one answer (the tables come from core, as the exports write them). */
function sections(stats: Statistics, tables: StatisticsTable[]): { table: StatisticsTable; summary: string; chart: ChartSpec | null }[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const months = stats.months.map((month) => monthLabel(month.month));
  const sum = (list: Statistics['months'], pick: (month: Statistics['months'][number]) => number) => list.reduce((total, month) => total + pick(month), 0);
  const bars = (format: (value: number) => string, pick: (month: Statistics['months'][number]) => number): ChartSpec => ({
    kind: 'bars',
    labels: months,
    format,
    series: [
      { label: T.thisPeriod, values: stats.months.map(pick), color: THIS_PERIOD },
      { label: T.lastYear, values: stats.previousYear.map(pick), color: LAST_YEAR },
    ],
  });
  const bookings = sum(stats.months, (month) => month.bookings.count);
  const clients = { new: sum(stats.months, (month) => month.clients.new), returning: sum(stats.months, (month) => month.clients.returning) };
  const weeks = new Map<string, { booked: number; open: number }>();
  for (const row of stats.utilisation) {
    const week = weeks.get(row.week) ?? { booked: 0, open: 0 };
    week.booked += row.bookedMinutes;
    week.open += row.openMinutes;
    weeks.set(row.week, week);
  }
  const booked = [...weeks.values()].reduce((total, week) => total + week.booked, 0);
  const open = [...weeks.values()].reduce((total, week) => total + week.open, 0);
  const table = (name: StatisticsTableName) => byName.get(name)!;
  return [
    {
      table: table('revenue'),
      summary: T.summary.revenue(kr(stats.total.totalOre), kr(sum(stats.previousYear, (month) => month.revenue.totalOre)), kr(stats.total.paidOre), kr(stats.total.outstandingOre)),
      chart: bars((value) => kr(value * 100), (month) => month.revenue.totalOre / 100),
    },
    {
      table: table('bookings'),
      summary: T.summary.bookings(bookings, sum(stats.previousYear, (month) => month.bookings.count), percent(sum(stats.months, (month) => month.bookings.online), bookings)),
      chart: bars(String, (month) => month.bookings.count),
    },
    {
      table: table('clients'),
      summary: T.summary.clients(clients.new, clients.returning, stats.rebooked.rebooked, stats.rebooked.clients),
      chart: {
        kind: 'bars',
        labels: months,
        format: String,
        series: [
          { label: 'Nye', values: stats.months.map((month) => month.clients.new), color: THIS_PERIOD },
          { label: 'Tilbagevendende', values: stats.months.map((month) => month.clients.returning), color: SECOND },
        ],
      },
    },
    {
      table: table('utilisation'),
      summary: T.summary.utilisation(percent(booked, open), weeks.size),
      chart:
        weeks.size === 0
          ? null
          : {
              kind: 'line',
              labels: [...weeks.keys()],
              format: (value) => `${value} %`,
              series: [{ label: 'Belægning %', values: [...weeks.values()].map((week) => percent(week.booked, week.open)), color: THIS_PERIOD }],
            },
    },
    { table: table('messages'), summary: T.summary.messages(sum(stats.months, (month) => month.messages.sms), kr(sum(stats.months, (month) => month.messages.smsCostOre))), chart: null },
    { table: table('therapists'), summary: T.summary.therapists(stats.byTherapist.length), chart: null },
    { table: table('treatments'), summary: T.summary.treatments(stats.byTreatment.length), chart: null },
  ];
}

export default function StatisticsPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => statisticsApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const isOwner = shell.therapist?.isAdmin ?? false;
  const thisMonth = copenhagenDateKey(Date.now()).slice(0, 7);
  const [period, setPeriod] = useState<Period>(() => periodOf('month', thisMonth));
  const [custom, setCustom] = useState({ from: period.from, to: period.to });
  const [therapistId, setTherapistId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const input = { from: period.from, to: period.to, ...(therapistId ? { therapistId } : {}) };
  const figures = useQuery(queryKey('getStatistics', input), () => api.figures(input));
  const therapists = useQuery(isOwner ? queryKey('getCompanyTherapists') : null, () => api.therapists());
  const names = useMemo(() => new Map((therapists.data?.data ?? []).map((therapist) => [therapist.id, `${therapist.nameFirst} ${therapist.nameLast}`.trim()])), [therapists.data]);
  const ownName = shell.therapist ? `${shell.therapist.nameFirst} ${shell.therapist.nameLast}`.trim() : '';

  const chooseKind = (kind: PeriodKind) => {
    if (kind === 'custom') setPeriod({ ...period, kind });
    else setPeriod(periodOf(kind, period.to));
    setCustom({ from: period.from, to: period.to });
  };
  const typedCustom = customPeriod(custom.from, custom.to);

  const download = async (what: string, load: () => Promise<{ data: { filename: string; contentType: string; content: string } }>) => {
    setBusy(what);
    try {
      saveFile((await load()).data);
    } catch (error) {
      notify(`${T.downloadFailed} ${error instanceof Error ? error.message : ''}`.trim(), 'error');
    } finally {
      setBusy(null);
    }
  };
  const statementYear = Number(period.to.slice(0, 4));

  return (
    <div>
      {toaster}
      <PageHeader title={T.title}>
        <Button disabled={busy !== null} onClick={() => void download('xlsx', () => api.export({ ...input, format: 'xlsx' }))}>
          {T.exportExcel}
        </Button>
        {isOwner && (
          <Button disabled={busy !== null} onClick={() => void download('pdf', () => api.yearStatement(statementYear))}>
            {T.yearStatementFor(statementYear)}
          </Button>
        )}
      </PageHeader>
      <div className={styles.controls} role="group" aria-label={T.period.label}>
        <Field label={T.period.kind}>
          <Select value={period.kind} onChange={(_event, data) => chooseKind(data.value as PeriodKind)}>
            {(Object.keys(T.period.kinds) as PeriodKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {T.period.kinds[kind]}
              </option>
            ))}
          </Select>
        </Field>
        {period.kind === 'custom' ? (
          <>
            <Field label={T.period.from}>
              <Input type="month" value={custom.from} onChange={(_event, data) => setCustom({ ...custom, from: data.value })} />
            </Field>
            <Field label={T.period.to} validationMessage={typedCustom ? undefined : T.period.invalid}>
              <Input type="month" value={custom.to} onChange={(_event, data) => setCustom({ ...custom, to: data.value })} />
            </Field>
            <Button disabled={!typedCustom} onClick={() => typedCustom && setPeriod(typedCustom)}>
              {T.period.label}
            </Button>
          </>
        ) : (
          <>
            <Button icon={<ArrowLeftRegular />} aria-label={T.period.previous} onClick={() => setPeriod(stepPeriod(period, -1))} />
            <Caption1 aria-live="polite">{periodLabel(period)}</Caption1>
            <Button icon={<ArrowRightRegular />} aria-label={T.period.next} onClick={() => setPeriod(stepPeriod(period, 1))} />
          </>
        )}
        {isOwner && (
          <Field label={T.therapist}>
            <Select value={therapistId ?? ''} onChange={(_event, data) => setTherapistId(data.value ? data.value : null)}>
              <option value="">{T.allTherapists}</option>
              {(therapists.data?.data ?? []).map((therapist) => (
                <option key={therapist.id} value={therapist.id}>
                  {`${therapist.nameFirst} ${therapist.nameLast}`.trim()}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <Caption1 className={styles.compared}>
        {periodLabel(period)} · {T.period.compared(previousYearLabel(period))}. {T.notRecorded}
      </Caption1>
      <QueryView query={figures} errorTitle={T.loadFailed} loading={<Spinner size="small" label={T.loading} />}>
        {(answer) => {
          const tables = statisticsTables(answer.data, (id) => names.get(id) ?? (id === shell.therapist?.id ? ownName : ''));
          return sections(answer.data, tables).map((section) => (
            <Section
              key={section.table.name}
              {...section}
              onCsv={() => void download(`csv-${section.table.name}`, () => api.export({ ...input, format: 'csv', table: section.table.name }))}
            />
          ));
        }}
      </QueryView>
    </div>
  );
}
