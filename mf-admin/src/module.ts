/** What mf-admin's pages give their parts once (the API and the page's toasts), instead of props through each. */
import { createModuleContext } from '@klinik/ui';
import type { AdminApi } from './api';

export const { ModuleProvider, useModule } = createModuleContext<AdminApi>('mf-admin');
