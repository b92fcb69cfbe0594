/**
 * Query keys, built in one place: the action's name first, then its input (or the parts of it the answer depends
 * on). A key is then checked against the contracts (a renamed action does not compile), and a change reloads
 * every shown answer of an action by its prefix, `queryKey('getAllEvent')`.
 *
 *   useQuery(queryKey('getCompanyYTD', { companyId }), () => api.ytd(companyId));
 *   useMutation(save, { invalidates: [queryKey('getAllTreatment')] });
 */
import type { ActionInput, ActionName } from '@klinik/core';

/** A key of a shown answer: an action's name, then what picks the answer. */
export type ActionKey<A extends ActionName = ActionName> = readonly [A, ...unknown[]];

/** A key for what no action answers alone (a list's own state): named `local:…`, so it never meets an action's. */
export type LocalKey = readonly [`local:${string}`, ...unknown[]];

/** What the data hooks take: an action's key, or a local one. */
export type DataKey = ActionKey | LocalKey;

export function queryKey<A extends ActionName>(action: A, input?: Partial<ActionInput<A>>, ...more: readonly unknown[]): ActionKey<A> {
  return input === undefined && more.length === 0 ? [action] : [action, input ?? null, ...more];
}
