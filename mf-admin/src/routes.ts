/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/Companies', title: 'Companies', access: 'admin', page: 'Companies' },
  { path: '/companies', title: 'Companies', access: 'admin', page: 'Companies' },
];
