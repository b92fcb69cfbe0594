import { addMonths, daysOfMonth, dayNumber, invoiceRevenue, isoWeekOf, mergeVisits, monthsBetween, newAndReturning, rebookedWithin, type ClientVisits } from './statistics.js';
import { safeTextCell, statisticsCsv, kronerCell } from './statistics-tables.js';

describe('months and weeks', () => {
  it('walks months across years and knows their days', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    // The schema's refinements see input not yet checked: nothing to count, not months from year 0.
    expect(monthsBetween('', '2026-12')).toEqual([]);
    expect(monthsBetween('2026-01', 'x')).toEqual([]);
    expect([addMonths('2026-01', -1), addMonths('2026-03', -12), addMonths('2025-12', 3)]).toEqual(['2025-12', '2025-03', '2026-03']);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-02').at(-1)).toBe('2026-02-28');
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('names ISO weeks, whose year is their Thursday\'s', () => {
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2026-03-12')).toBe('2026-W11');
    expect(isoWeekOf('2026-03-15')).toBe('2026-W11');
    expect(isoWeekOf('2026-03-16')).toBe('2026-W12');
  });
});

describe('clients', () => {
  const day = (key: string) => dayNumber(key);
  const visits = (first: string, last = first, isNew: 0 | 1 = 0): ClientVisits => [day(first), day(last), isNew];

  it('counts a client new in the month of their first booking, and merges their months', () => {
    expect(newAndReturning({ a: visits('2026-03-02', '2026-03-02', 1), b: visits('2026-03-04') })).toEqual({ new: 1, returning: 1 });
    expect(mergeVisits(visits('2026-03-10'), visits('2026-03-02', '2026-03-05', 1))).toEqual([day('2026-03-02'), day('2026-03-10'), 1]);
  });

  it('counts who booked again within 90 days of their first visit in the period', () => {
    const months: { month: string; clients: Record<string, ClientVisits> }[] = [
      { month: '2026-03', clients: { again: visits('2026-03-02'), late: visits('2026-03-02'), twice: visits('2026-03-02', '2026-03-20'), once: visits('2026-03-05') } },
      { month: '2026-04', clients: {} },
      { month: '2026-05', clients: { again: visits('2026-05-31') } },
      { month: '2026-06', clients: { late: visits('2026-06-01') } },
    ];
    // 2 March + 90 days is 31 May; 1 June is a day too late.
    expect(rebookedWithin(months, new Set(['2026-03']))).toEqual({ clients: 4, rebooked: 2 });
  });
});

describe('revenue of one invoice', () => {
  it('counts a snapshot from before VAT per line as its one line, by whether it carried VAT', () => {
    const old = { treatment: { name: 'Massage', duration: 2700, price: 450 }, amounts: { priceOre: 45_000, discountOre: 0, netOre: 45_000, vatOre: 11_250, totalOre: 56_250 } };
    const { revenue, treatments } = invoiceRevenue(old, false, 'outstanding');
    expect(revenue).toMatchObject({ netOre: 45_000, vatOre: 11_250, totalOre: 56_250, vatBaseOre: 45_000, exemptOre: 0, noVatOre: 0, invoices: 1, outstandingOre: 56_250, paidOre: 0 });
    expect([...treatments.values()]).toEqual([{ name: 'Massage', netOre: 45_000, vatOre: 11_250, totalOre: 56_250, lines: 1 }]);
    const credit = invoiceRevenue({ ...old, amounts: { priceOre: -45_000, discountOre: 0, netOre: -45_000, vatOre: 0, totalOre: -45_000 } }, true, 'none');
    expect(credit.revenue).toMatchObject({ netOre: -45_000, noVatOre: -45_000, creditTotalOre: -45_000, creditNotes: 1, invoices: 0 });
  });
});

describe('tables as files', () => {
  it('never hands a spreadsheet a formula, and writes money with a decimal comma', () => {
    expect(['=SUM(A1)', '+45', '-1', '@x', 'Massage'].map(safeTextCell)).toEqual(["'=SUM(A1)", "'+45", "'-1", "'@x", 'Massage']);
    expect([kronerCell(-104_852), kronerCell(5), kronerCell(0)]).toEqual(['-1048,52', '0,05', '0,00']);
    const csv = statisticsCsv({ name: 'treatments', title: 'x', columns: [{ title: 'Ydelse', kind: 'text' }, { title: 'I alt', kind: 'money' }], rows: [['Olie; "varm"', 12_50], ['=cmd', -100]] });
    expect(csv).toBe('\uFEFFYdelse;I alt\r\n"Olie; ""varm""";12,50\r\n\'=cmd;-1,00\r\n');
  });
});
