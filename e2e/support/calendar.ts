/** Dates and places in the calendar for the journeys: next week's days in Copenhagen time, grid slots. */
import type { Page } from '@playwright/test';
import { copenhagenDateKey, copenhagenWallTime, startOfCopenhagenWeek } from '@klinik/core/time';

const DAY = 24 * 3600_000;

/** Monday of next week, 00:00 Copenhagen time, as epoch ms. */
export function nextMonday(now = Date.now()): number {
  return startOfCopenhagenWeek(now, 1);
}

/** YYYY-MM-DD of the day `offset` days after `monday`. */
export function dayKey(monday: number, offset: number): string {
  return copenhagenDateKey(monday + offset * DAY + 12 * 3600_000);
}

export function at(dateKey: string, hours: number, minutes = 0): number {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return copenhagenWallTime(year, month, day, hours, minutes);
}

/** The point just inside the top of a time-grid slot (day column × half-hour row). */
export async function slotPoint(page: Page, dateKey: string, time: string): Promise<{ x: number; y: number }> {
  const column = await page.locator(`.fc-timegrid-col[data-date="${dateKey}"]`).boundingBox();
  const row = await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox();
  if (!column || !row) throw new Error(`No slot ${dateKey} ${time}`);
  return { x: column.x + column.width / 2, y: row.y + 4 };
}

/** The day column an event is drawn in. */
export async function eventDay(page: Page, text: string): Promise<string | null> {
  return page
    .locator('.fc-timegrid-col', { has: page.locator('.fc-event', { hasText: text }) })
    .first()
    .getAttribute('data-date');
}
