import type { ActionName, ActionOutput, ParsedInput } from '@klinik/core';
import type { ActionContext } from '../context.js';

export type Handler<A extends ActionName> = (input: ParsedInput<A>, ctx: ActionContext) => Promise<ActionOutput<A>>;

/** Handlers for a group of actions; the registry checks that together they cover every contract. */
export type Handlers<A extends ActionName> = { [K in A]: Handler<K> };
