/**
 * A remote module's component (a page or a dialog) once its code is in, waited for by state rather than by suspending:
 * React shows what a Suspense boundary waited for no sooner than 300 ms after the boundary's fallback appeared,
 * however soon the code came (ui/src/partOnDemand.tsx). RemotePage and RemoteDialogHost render a spinner or nothing
 * until `component` is there, and their error panel once `failed`.
 *
 * `request` names this asking: a new one asks again after a failure (a retry, another opening of the dialog).
 * `fresh`: load the remote anew, even if its code had arrived before (a page's 'Prøv igen'). A load already under way
 * (the opening page's, which bootstrap.tsx starts beside the layout) is waited for rather than started again.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { RemotePageProps } from '@klinik/core/rules';
import type { RemoteName } from '../config';
import { loadRemotePage, loadedRemotePage, pendingRemotePage } from '../remotes';

export function useRemoteCode(target: { remote: RemoteName; expose: string } | null, request: unknown, fresh = false): { component: ComponentType<RemotePageProps> | null; failed: boolean } {
  const [outcome, setOutcome] = useState<{ request: unknown; failed: boolean } | null>(null);
  const settled = outcome?.request === request ? outcome : null;
  const remote = target?.remote;
  const expose = target?.expose;
  const component = remote && expose && (!fresh || settled?.failed === false) ? loadedRemotePage(remote, expose) : null;
  useEffect(() => {
    if (!remote || !expose || component || settled) return;
    let live = true;
    const load = (fresh ? null : pendingRemotePage(remote, expose)) ?? loadRemotePage(remote, expose, fresh);
    const done = () => {
      if (live) setOutcome({ request, failed: loadedRemotePage(remote, expose) === null });
    };
    load.then(done, done);
    return () => {
      live = false;
    };
  }, [remote, expose, request, fresh, component, settled]);
  return { component, failed: settled?.failed === true };
}
