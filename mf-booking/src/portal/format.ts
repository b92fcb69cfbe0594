/** How the portal writes a booking's time: 'mandag 23. marts 2026', 'kl. 09:00–09:45', in Copenhagen time. */
import { formatCopenhagenTime } from '@klinik/core/time';

const day = new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });

export const bookingDay = (at: number): string => day.format(at);
export const bookingTime = (from: number, to: number): string => `kl. ${formatCopenhagenTime(from)}–${formatCopenhagenTime(to)}`;
export const bookingWhen = (from: number, to: number): string => `${bookingDay(from)} ${bookingTime(from, to)}`;
