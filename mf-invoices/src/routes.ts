/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/Faktura', title: 'Faktura', access: 'therapist', page: 'Invoices', gated: true, menu: { position: 40, icon: 'invoices' } },
  { path: '/Statistik', title: 'Statistik', access: 'therapist', page: 'Statistics', gated: true, menu: { position: 45, icon: 'statistics' } },
];
