/**
 * How an action is declared: who may call it, which plan it needs, and the strict shapes of its input and its
 * answer. The API binds a handler to each contract; the frontends call actions through the same contracts, so
 * the types of both sides come from one declaration.
 */
import { z } from 'zod';

/**
 * public: anyone, no token needed. therapist: any signed-in therapist. owner: a therapist with isAdmin.
 * superadmin: the platform administrator (admin token). team: a support-team user (team token).
 */
export const ACCESS_LEVELS = ['public', 'therapist', 'owner', 'superadmin', 'team'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type AccessDeclaration = AccessLevel | readonly AccessLevel[];

export interface ActionContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, Access extends AccessDeclaration = AccessDeclaration> {
  /** Who may call it. An action may allow several kinds of caller. Kept literal: the API narrows the handler's context by it. */
  readonly access: Access;
  /** A plan gate: 'pro' needs an active free trial, an active pro plan, or a cancelled plan before its end. */
  readonly plan?: 'pro';
  /** The body fields besides `action` and `token`; always a strict object so unknown keys are refused. */
  readonly input: I;
  /** The answer envelope: `{ data?, total?, token?, adminToken?, teamToken?, expiresIn?, url?, status?, message? }`. */
  readonly output: O;
  /** One line for docs/actions.md. */
  readonly summary: string;
}

export function defineAction<I extends z.ZodType, O extends z.ZodType, const Access extends AccessDeclaration>(
  contract: ActionContract<I, O, Access>,
): ActionContract<I, O, Access> {
  return contract;
}

export function accessLevelsOf(contract: Pick<ActionContract, 'access'>): readonly AccessLevel[] {
  return typeof contract.access === 'string' ? [contract.access] : contract.access;
}

/** An answer with only a message. */
export const messageAnswer = z.strictObject({ message: z.string() });
/** An empty input. */
export const noInput = z.strictObject({});
