/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/Kalender', title: 'Kalender', access: 'therapist', page: 'Calendar', gated: true, menu: { position: 10, icon: 'calendar' } },
  { path: '/Kursus', title: 'Kursus', access: 'therapist', page: 'Courses', gated: true, menu: { position: 60, icon: 'courses' } },
  {
    path: '/Onlinereservation',
    title: 'Onlinereservation',
    access: 'therapist',
    page: 'OnlineBookingSetup',
    gated: true,
    menu: { position: 70, icon: 'onlineBooking' },
  },
  { path: '/Treatments', title: 'Behandlinger', access: 'therapist', page: 'Treatments', gated: true },
  // Opened from the calendar's header ('Venteliste'); the side menu stays the spec's.
  { path: '/Kalender/Venteliste', title: 'Venteliste', access: 'therapist', page: 'Waitlist', gated: true },
];
