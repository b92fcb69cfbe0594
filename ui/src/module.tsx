/**
 * What every page and dialog of a frontend module uses, given once by the page instead of threaded through props:
 * the module's API (its typed calls over the shell's client) and the page's notifications. Each module makes its
 * own context with its own API type; a dialog rendered outside the provider fails at once, naming the module.
 *
 *   export const { ModuleProvider, useModule } = createModuleContext<CalendarApi>('mf-calendar');
 *   <ModuleProvider value={{ api, notify }}>…</ModuleProvider>      // the page
 *   const { api, notify } = useModule();                               // a dialog
 */
import { createContext, useContext, type Context } from 'react';

/** Shows a toast (useNotifications' `notify`). */
export type Notify = (text: string, intent?: 'success' | 'error' | 'warning' | 'info') => void;

export interface ModuleServices<Api> {
  api: Api;
  notify: Notify;
}

export function createModuleContext<Api>(moduleName: string): { ModuleProvider: Context<ModuleServices<Api> | null>; useModule: () => ModuleServices<Api> } {
  const ModuleContext = createContext<ModuleServices<Api> | null>(null);
  ModuleContext.displayName = `${moduleName} services`;
  function useModule(): ModuleServices<Api> {
    const services = useContext(ModuleContext);
    if (!services) throw new Error(`${moduleName}: this component needs its page's ModuleProvider (api and notify).`);
    return services;
  }
  return { ModuleProvider: ModuleContext, useModule };
}
