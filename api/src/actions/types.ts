/**
 * The shape of a handler: its input is the parsed contract input, its context the one the contract's declared access
 * allows (an `owner` action gets an OwnerContext, a `public` one a PublicContext), so the compiler knows what a
 * handler may reach: a public handler has no signed-in therapist, a therapist handler no platform access.
 */
import type { AccessLevel, ActionName, ActionOutput, Actions, ParsedInput } from '@klinik/core';
import type { OwnerContext, PublicContext, SuperadminContext, TeamContext, TherapistContext } from '../context.js';

type Levels<T> = T extends readonly (infer Level)[] ? Level : T;

type ContextOfLevel<L extends AccessLevel> = L extends 'public'
  ? PublicContext
  : L extends 'therapist'
    ? TherapistContext
    : L extends 'owner'
      ? OwnerContext
      : L extends 'superadmin'
        ? SuperadminContext
        : L extends 'team'
          ? TeamContext
          : never;

/** The context of action `A`: a union when several kinds of caller may call it. */
export type ContextFor<A extends ActionName> = ContextOfLevel<Levels<Actions[A]['access']> & AccessLevel>;

export type Handler<A extends ActionName> = (input: ParsedInput<A>, ctx: ContextFor<A>) => Promise<ActionOutput<A>>;

/** Handlers for a group of actions; the registry checks that together they cover every contract. */
export type Handlers<A extends ActionName> = { [K in A]: Handler<K> };
