/**
 * /Statistik's tables, as the page shows them beside its charts and as the exports write them (CSV, Excel): one
 * definition, so a downloaded file holds exactly what the screen says. Money cells are øre (`money` columns); the
 * page prints kroner, the CSV a decimal comma, Excel a number with two decimals.
 */
import type { Statistics, StatisticsMonth } from './actions/statistics.js';
import { formatKroner } from './format.js';

export type StatisticsTableName = 'revenue' | 'bookings' | 'clients' | 'messages' | 'therapists' | 'treatments' | 'utilisation';

export interface StatisticsColumn {
  title: string;
  kind: 'text' | 'count' | 'money' | 'percent';
}

export interface StatisticsTable {
  name: StatisticsTableName;
  title: string;
  columns: StatisticsColumn[];
  rows: (string | number)[][];
}

const MONTH_NAMES = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** '2026-03' → 'marts 2026'. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[mon - 1]} ${year}`;
}

/** A share in whole percent (0 when there is nothing to share). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

const text = (title: string): StatisticsColumn => ({ title, kind: 'text' });
const count = (title: string): StatisticsColumn => ({ title, kind: 'count' });
const money = (title: string): StatisticsColumn => ({ title, kind: 'money' });
const share = (title: string): StatisticsColumn => ({ title, kind: 'percent' });

export const STATISTICS_TABLE_TITLES: Record<StatisticsTableName, string> = {
  revenue: 'Omsætning pr. måned',
  bookings: 'Bookinger pr. måned',
  clients: 'Klienter pr. måned',
  messages: 'SMS pr. måned',
  therapists: 'Omsætning pr. behandler',
  treatments: 'Omsætning pr. ydelse',
  utilisation: 'Belægning pr. uge',
};

/** The tables of a Statistics answer. `therapistName` names a therapist id (the utilisation table's rows). */
export function statisticsTables(stats: Statistics, therapistName: (id: string) => string): StatisticsTable[] {
  const perMonth = (name: StatisticsTableName, columns: StatisticsColumn[], row: (month: StatisticsMonth) => (string | number)[]): StatisticsTable => ({
    name,
    title: STATISTICS_TABLE_TITLES[name],
    columns: [text('Måned'), ...columns],
    rows: stats.months.map((month) => [monthLabel(month.month), ...row(month)]),
  });
  return [
    perMonth('revenue', [money('Ekskl. moms'), money('Moms'), money('I alt'), money('Heraf kreditnotaer'), money('Betalt'), money('Udestående'), count('Fakturaer'), count('Kreditnotaer')], ({ revenue }) => [
      revenue.netOre,
      revenue.vatOre,
      revenue.totalOre,
      revenue.creditTotalOre,
      revenue.paidOre,
      revenue.outstandingOre,
      revenue.invoices,
      revenue.creditNotes,
    ]),
    perMonth('bookings', [count('Bookinger'), count('Online'), share('Online-andel %'), count('Bookede minutter')], ({ bookings }) => [
      bookings.count,
      bookings.online,
      percent(bookings.online, bookings.count),
      bookings.bookedMinutes,
    ]),
    perMonth('clients', [count('Nye'), count('Tilbagevendende')], ({ clients }) => [clients.new, clients.returning]),
    perMonth('messages', [count('SMS sendt'), money('SMS-pris')], ({ messages }) => [messages.sms, messages.smsCostOre]),
    {
      name: 'therapists',
      title: STATISTICS_TABLE_TITLES.therapists,
      columns: [text('Behandler'), money('Ekskl. moms'), money('Moms'), money('I alt')],
      rows: stats.byTherapist.map((row) => [row.name, row.netOre, row.vatOre, row.totalOre]),
    },
    {
      name: 'treatments',
      title: STATISTICS_TABLE_TITLES.treatments,
      columns: [text('Ydelse'), count('Linjer'), money('Ekskl. moms'), money('Moms'), money('I alt')],
      rows: stats.byTreatment.map((row) => [row.name, row.lines, row.netOre, row.vatOre, row.totalOre]),
    },
    {
      name: 'utilisation',
      title: STATISTICS_TABLE_TITLES.utilisation,
      columns: [text('Uge'), text('Behandler'), count('Bookede minutter'), count('Åbne minutter'), share('Belægning %')],
      rows: stats.utilisation.map((row) => [row.week, therapistName(row.therapistId), row.bookedMinutes, row.openMinutes, percent(row.bookedMinutes, row.openMinutes)]),
    },
  ];
}

/** A cell as the page prints it. */
export function formatStatisticsCell(value: string | number, column: StatisticsColumn): string {
  if (typeof value === 'string') return value;
  if (column.kind === 'money') return formatKroner(value);
  if (column.kind === 'percent') return `${value} %`;
  return value.toLocaleString('da-DK');
}

/** Øre as a plain decimal-comma number without grouping ('-1234,50'), as a Danish spreadsheet reads it. */
export function kronerCell(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text cell a spreadsheet would not run as a formula: one starting with =, +, -, @ or a control character gets a
 * leading apostrophe (a treatment's name is typed by the clinic).
 */
export function safeTextCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A table as CSV: semicolons, CRLF, a byte-order mark so Excel reads UTF-8 (æøå), quotes where needed. */
export function statisticsCsv(table: StatisticsTable): string {
  const quote = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const cell = (value: string | number, column: StatisticsColumn) =>
    typeof value === 'string' ? quote(safeTextCell(value)) : column.kind === 'money' ? kronerCell(value) : String(value);
  const lines = [table.columns.map((column) => quote(column.title)).join(';'), ...table.rows.map((row) => row.map((value, index) => cell(value, table.columns[index]!)).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
