/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/OnlineBooking', title: 'Online booking', access: 'public', page: 'OnlineBooking' },
  { path: '/unsubscribe', title: 'Afmeld nyhedsbreve', access: 'public', page: 'Unsubscribe' },
  { path: '/Newsletter', title: 'Nyhedsbreve', access: 'public', page: 'Newsletter' },
  { path: '/ClientForm', title: 'Klientformular', access: 'public', page: 'ClientForm' },
  { path: '/MineTider', title: 'Mine tider', access: 'public', page: 'MineTider' },
  { path: '/Venteliste', title: 'Ledig tid fra ventelisten', access: 'public', page: 'Venteliste' },
];
