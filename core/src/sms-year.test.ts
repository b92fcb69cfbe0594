import { monthlyCounts, smsYearRows } from './sms-year.js';

describe("a clinic's SMS year to date", () => {
  it('reads twelve monthly counts: a missing, damaged or negative month as 0, a fraction as its whole part', () => {
    expect(monthlyCounts('1,2,3')).toEqual([1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(monthlyCounts('')).toHaveLength(12);
    expect(monthlyCounts('5, x,-1,2.7,,9,0,0,0,0,0,4,99')).toEqual([5, 0, 0, 2, 0, 9, 0, 0, 0, 0, 0, 4]);
  });

  it('gives twelve rows, January first, and the totals', () => {
    const { months, total } = smsYearRows({ freeTexts: '20,3', sentBooking: '25,3,0,0,0,0,0,0,0,0,0,3', sentCourse: '0,1' });
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: 0, free: 20, booking: 25, course: 0 });
    expect(months[1]).toEqual({ month: 1, free: 3, booking: 3, course: 1 });
    expect(months[11]).toEqual({ month: 11, free: 0, booking: 3, course: 0 });
    expect(total).toEqual({ free: 23, booking: 31, course: 1 });
  });
});
