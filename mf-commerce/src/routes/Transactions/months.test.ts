import { groupByMonth, monthOf } from './months';

/** An instant given as Copenhagen wall time (CET is UTC+1 in winter, CEST UTC+2 in summer). */
const at = (iso: string) => Date.parse(iso);

describe('transactions by month', () => {
  it('names a month with its first and last day as DD-MM-YYYY', () => {
    expect(monthOf(at('2026-05-14T10:00:00+02:00'))).toEqual({ key: '2026-05', label: 'maj 2026', from: '01-05-2026', to: '31-05-2026' });
    expect(monthOf(at('2028-02-10T10:00:00+01:00'))).toMatchObject({ label: 'februar 2028', to: '29-02-2028' });
    expect(monthOf(at('2026-02-10T10:00:00+01:00'))).toMatchObject({ to: '28-02-2026' });
  });

  it('follows Copenhagen time at the turn of a month, not UTC', () => {
    // 00:30 on 1 June in Copenhagen is still 31 May in UTC.
    expect(monthOf(at('2026-06-01T00:30:00+02:00')).key).toBe('2026-06');
    expect(monthOf(at('2026-12-31T23:30:00+01:00')).key).toBe('2026-12');
    expect(monthOf(at('2027-01-01T00:10:00+01:00'))).toMatchObject({ key: '2027-01', label: 'januar 2027', from: '01-01-2027', to: '31-01-2027' });
  });

  it('groups consecutive rows of a month, newest first as listed', () => {
    const rows = [
      { id: 'c', created: at('2026-07-02T09:00:00+02:00') },
      { id: 'b2', created: at('2026-06-30T09:00:00+02:00') },
      { id: 'b1', created: at('2026-06-01T09:00:00+02:00') },
      { id: 'a', created: at('2026-05-01T09:00:00+02:00') },
    ];
    const groups = groupByMonth(rows);
    expect(groups.map((group) => [group.label, group.rows.map((row) => row.id)])).toEqual([
      ['juli 2026', ['c']],
      ['juni 2026', ['b2', 'b1']],
      ['maj 2026', ['a']],
    ]);
    expect(groupByMonth([])).toEqual([]);
  });
});
