/**
 * Danish holidays for a clinic (core/src/holidays.ts): the days of a period with the clinic's choice of which are
 * closed for online booking, and the owner changing that choice. The public page's free times leave the closed days
 * out (online-booking/availability.ts); the therapist's own calendar only shows them.
 */
import {
  closedHolidayIds,
  copenhagenDateKey,
  copenhagenWallTime,
  danishHolidaysBetween,
  HOLIDAY_IDS,
  type Holiday,
  type HolidaySettings,
  type ParsedInput,
} from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import type { CompanyDoc } from '../../models/index.js';

type HolidayChoice = Pick<CompanyDoc, 'closedHolidays'>;

/** The holidays whose Copenhagen day lies in [from, to), in date order. */
export function holidaysIn(company: HolidayChoice, range: { from: number; to: number }): Holiday[] {
  const closed = closedHolidayIds(company.closedHolidays);
  return danishHolidaysBetween(copenhagenDateKey(range.from), copenhagenDateKey(range.to - 1)).map((holiday) => {
    const [year, month, day] = holiday.dateKey.split('-').map(Number) as [number, number, number];
    return { ...holiday, closed: closed.has(holiday.id), from: copenhagenWallTime(year, month, day), to: copenhagenWallTime(year, month, day + 1) };
  });
}

export function holidaySettingsOf(company: HolidayChoice): HolidaySettings {
  const closed = closedHolidayIds(company.closedHolidays);
  return { closed: HOLIDAY_IDS.filter((id) => closed.has(id)) };
}

/** The whole list replaces the old one: two owners saving at once leave one of the two choices, never a mix. */
export async function saveHolidaySettings(ctx: OwnerContext, input: ParsedInput<'setHolidaySettings'>): Promise<HolidaySettings> {
  await ctx.db.Company.updateOne({}, { $set: { closedHolidays: input.closed } });
  return holidaySettingsOf({ closedHolidays: input.closed });
}
