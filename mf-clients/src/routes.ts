/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/Klientdata', title: 'Klientdata', access: 'therapist', page: 'ClientData', gated: true, menu: { position: 30, icon: 'clients' } },
  // The drive's consent page returns here (core DRIVE_RETURN_PATH).
  { path: '/Klientdata/google-drive', title: 'Google Drive', access: 'therapist', page: 'DriveReturn', gated: true, returnAddress: true },
  { path: '/NewClientForm', title: 'Ny klient', access: 'therapist', page: 'NewClientForm', gated: true },
  { path: '/Kontakt', title: 'Kontakt', access: 'therapist', page: 'Contact', gated: true, menu: { position: 50, icon: 'contact' } },
  { path: '/Importerdata', title: 'Importer data', access: 'therapist', page: 'ImportData', gated: true, menu: { position: 90, icon: 'import' } },
  { path: '/Importerdata/fuldfoert', title: 'Importer data', access: 'therapist', page: 'ImportCompleted', gated: true, returnAddress: true },
  { path: '/support-import-data', title: 'Importer data for en klinik', access: 'team', page: 'SupportImportData' },
];
