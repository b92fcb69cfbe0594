/**
 * exportStatistics and getYearStatement: the page's tables as CSV or Excel (core statistics-tables.ts, so a file holds
 * what the screen shows), and the year for the accountant as a PDF drawn here (core year-statement-pdf.ts). SheetJS
 * and jsPDF load on the first export, not when the API starts.
 */
import {
  addRevenue,
  copenhagenDateKey,
  emptyRevenue,
  formatDateKey,
  monthsBetween,
  safeTextCell,
  statisticsCsv,
  statisticsTables,
  type ParsedInput,
  type StatisticsTable,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { statistics, therapistNames } from './figures.js';
import { clinicMonths } from './months.js';

export interface ExportedFile {
  filename: string;
  contentType: string;
  content: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

async function workbook(tables: readonly StatisticsTable[]): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const table of tables) {
    const rows = [
      table.columns.map((column) => column.title),
      // Money as kroner (a number Excel adds up), text never as a formula.
      ...table.rows.map((row) => row.map((value, index) => (typeof value === 'string' ? safeTextCell(value) : table.columns[index]!.kind === 'money' ? value / 100 : value))),
    ];
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    table.columns.forEach((column, index) => {
      if (column.kind !== 'money') return;
      for (let row = 1; row < rows.length; row += 1) {
        const cell = sheet[XLSX.utils.encode_cell({ r: row, c: index })] as { z?: string } | undefined;
        if (cell) cell.z = '#,##0.00';
      }
    });
    XLSX.utils.book_append_sheet(book, sheet, sheetName(table.title));
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export async function exportStatistics(ctx: TherapistContext, input: ParsedInput<'exportStatistics'>): Promise<ExportedFile> {
  const stats = await statistics(ctx, { from: input.from, to: input.to, therapistId: input.therapistId });
  const names = await therapistNames(ctx, [...new Set(stats.utilisation.map((row) => row.therapistId))]);
  const tables = statisticsTables(stats, (id) => names.get(id) ?? 'Tidligere behandler').filter((table) => input.table === 'all' || table.name === input.table);
  const base = `statistik-${input.from}-${input.to}${input.table === 'all' ? '' : `-${input.table}`}`;
  if (input.format === 'csv') return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', content: Buffer.from(statisticsCsv(tables[0]!), 'utf8').toString('base64') };
  return { filename: `${base}.xlsx`, contentType: XLSX_TYPE, content: (await workbook(tables)).toString('base64') };
}

/** Invoices of the year neither paid by its last day nor settled by a credit note issued by then. */
async function outstandingAtYearEnd(ctx: TherapistContext, year: number): Promise<{ count: number; totalOre: number }> {
  const db = ctx.db.clinic('statistics');
  const lastDay = `${year}-12-31`;
  const months = monthsBetween(`${year}-01`, `${year}-12`);
  const invoices = await db.Invoice.find({ issuedMonth: { $in: months } }, { isCredit: 1, isMerged: 1, paidOn: 1, overdueFrom: 1, totalOre: 1, creditForId: 1, issuedMonth: 1, createdAt: 1 }).lean();
  const open = invoices.filter((invoice) => !invoice.isCredit && !invoice.isMerged && invoice.overdueFrom !== null && invoice.overdueFrom !== undefined && (!invoice.paidOn || invoice.paidOn > lastDay));
  const settled = new Set<string>();
  for (let index = 0; index < open.length; index += 100) {
    const credits = await db.Invoice.find({ creditForId: { $in: open.slice(index, index + 100).map((invoice) => invoice._id) } }, { creditForId: 1, createdAt: 1 }).lean();
    for (const credit of credits) if (copenhagenDateKey(credit.createdAt) <= lastDay) settled.add(String(credit.creditForId));
  }
  const still = open.filter((invoice) => !settled.has(String(invoice._id)));
  return { count: still.length, totalOre: still.reduce((sum, invoice) => sum + (invoice.totalOre ?? 0), 0) };
}

export async function yearStatement(ctx: TherapistContext, year: number): Promise<ExportedFile> {
  const months = monthsBetween(`${year}-01`, `${year}-12`);
  const [{ figures }, outstanding] = await Promise.all([clinicMonths(ctx, months), outstandingAtYearEnd(ctx, year)]);
  const total = emptyRevenue();
  const rows = months.map((month) => {
    const revenue = emptyRevenue();
    for (const part of Object.values(figures.get(month)?.therapists ?? {})) addRevenue(revenue, part.revenue);
    addRevenue(total, revenue);
    return { month, revenue };
  });
  const { yearStatementPdfBytes } = await import('@klinik/core/year-statement-pdf');
  const pdf = yearStatementPdfBytes({
    year,
    companyName: ctx.company.companyName ?? '',
    CVR: ctx.company.CVR ?? '',
    months: rows,
    total,
    outstanding,
    madeOn: formatDateKey(copenhagenDateKey(ctx.now())),
  });
  return { filename: `aarsopgoerelse-${year}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') };
}
