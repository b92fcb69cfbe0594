import { copenhagenWallTime } from './time.js';
import { copenhagenWeekdayAndMinute, describeWaitlistWishes, firstSuitableStart, minutesOfClock, suitsWaitlistWishes } from './waitlist.js';

const HOUR = 3_600_000;
/** 1 March 2027 is a Monday; 28 March 2027 is the night summer time starts (02:00 → 03:00). */
const monday = (hour: number, minute = 0) => copenhagenWallTime(2027, 3, 1, hour, minute);
const mornings = { days: [1, 3], fromTime: '08:00', toTime: '12:00' };

describe('the waiting list: which starts suit someone', () => {
  it('reads the Copenhagen weekday and minute, also across the change to summer time', () => {
    expect(copenhagenWeekdayAndMinute(monday(9, 30))).toEqual({ weekday: 1, minute: 9 * 60 + 30 });
    expect(copenhagenWeekdayAndMinute(copenhagenWallTime(2027, 3, 7, 23, 55))).toEqual({ weekday: 7, minute: 23 * 60 + 55 });
    expect(copenhagenWeekdayAndMinute(copenhagenWallTime(2027, 3, 28, 3, 0))).toEqual({ weekday: 7, minute: 180 });
    expect(copenhagenWeekdayAndMinute(copenhagenWallTime(2027, 3, 28, 1, 0) + HOUR)).toEqual({ weekday: 7, minute: 180 });
  });

  it('takes clock times 00:00–24:00 only', () => {
    expect(minutesOfClock('08:30')).toBe(510);
    expect(minutesOfClock('24:00')).toBe(1440);
    expect(minutesOfClock('24:30')).toBeNull();
    expect(minutesOfClock('8:30')).toBeNull();
  });

  it('suits a treatment on one of their weekdays that starts and ends within their hours', () => {
    expect(suitsWaitlistWishes(mornings, monday(8), HOUR)).toBe(true);
    expect(suitsWaitlistWishes(mornings, monday(11), HOUR)).toBe(true);
    expect(suitsWaitlistWishes(mornings, monday(11, 5), HOUR)).toBe(false);
    expect(suitsWaitlistWishes(mornings, monday(7, 55), HOUR)).toBe(false);
    // Tuesday is not one of their days.
    expect(suitsWaitlistWishes(mornings, monday(8) + 24 * HOUR, HOUR)).toBe(false);
  });

  it('finds the first free start in a freed time where the treatment and its pause fit', () => {
    const freed = { from: monday(10), to: monday(12) };
    const lengths = { treatmentMs: HOUR, withPauseMs: HOUR + 15 * 60_000 };
    expect(firstSuitableStart(freed, lengths, mornings, monday(6))).toBe(monday(10));
    // Not before now (rounded up to the 5-minute grid).
    expect(firstSuitableStart(freed, lengths, mornings, monday(10, 2))).toBe(monday(10, 5));
    // The first start the caller says is free.
    expect(firstSuitableStart(freed, lengths, mornings, monday(6), (start) => start >= monday(10, 30))).toBe(monday(10, 30));
    // 10:50 + 60 + 15 passes 12:00.
    expect(firstSuitableStart(freed, lengths, mornings, monday(6), (start) => start >= monday(10, 50))).toBeNull();
    // Hours that end at 10:30 leave no room.
    expect(firstSuitableStart(freed, lengths, { ...mornings, toTime: '10:30' }, monday(6))).toBeNull();
  });

  it('describes the wishes for the list', () => {
    expect(describeWaitlistWishes({ days: [3, 1], fromTime: '08:00', toTime: '12:00' })).toBe('Man, Ons 08:00–12:00');
  });
});
