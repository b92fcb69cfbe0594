/**
 * How an action is declared: who may call it, which plan it needs, the strict shapes of its input and its answer,
 * and its policy (rate limit, files, mails to typed addresses, audit, use without a subscription). The API binds a
 * handler to each contract and reads the policy from it; the frontends call actions through the same contracts, so
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

/**
 * An allowance of attempts, counted in the API's database (api/src/security/rate-limit.ts) so every API process
 * counts the same ones.
 */
export interface RateLimitRule {
  /** Attempts allowed per window (with `backoff`: attempts allowed without waiting). */
  readonly points: number;
  /** Window length in seconds (fixed windows, aligned to the epoch). */
  readonly durationSeconds: number;
  /**
   * Growing delays instead of a hard stop: past `points`, each further attempt in the window waits
   * `firstDelaySeconds` after the one before, then twice that, and so on up to `maxDelaySeconds`.
   */
  readonly backoff?: { readonly firstDelaySeconds: number; readonly maxDelaySeconds: number };
}

/** The files an action takes in a multipart body (api/src/endpoint/uploads.ts enforces it while they stream). */
export interface UploadPolicy {
  /** Files per request. */
  readonly files: number;
  /** Bytes per file. */
  readonly fileBytes: number;
  /** The form's file field, named by the error. */
  readonly field: string;
  /** The action's own Danish texts for a file over the limit and for too many files. */
  readonly tooLarge: string;
  readonly tooMany: string;
}

/** What the administrator audit row of a call is about (api/src/domain/platform/audit.ts). */
export interface AuditPolicy {
  /** The input field that names the company concerned (`companyInfo.id`: the edited company's), or null for none. */
  readonly company: 'companyId' | 'companyInfo.id' | null;
}

/** What a logged read was of (the owner's 'Adgangslog' and the client's own export show it). */
/** 'client': the record with its CPR number and intake answers; 'history': its change history; 'print': the client page printed. */
export const ACCESS_LOG_KINDS = ['client', 'journal', 'history', 'image', 'invoice', 'print', 'export'] as const;
export type AccessLogKind = (typeof ACCESS_LOG_KINDS)[number];

/**
 * A read of a client's health data, logged by the API after a successful answer (api/src/endpoint/dispatch.ts): who,
 * when, `kind`, the client and the caller's address prefix. `clients` names the client or clients the answer is about,
 * from the parsed input or the answer (none: nothing was read, e.g. a booking without a journal); 'noted' is for an
 * action whose caller is not a therapist (the portal), whose handler names the client and clinic itself.
 */
export interface AccessLogPolicy<In = unknown, Out = unknown> {
  readonly kind: AccessLogKind;
  readonly clients: ClientsOfAnswer<In, Out>['of'] | 'noted';
}
/** Method syntax, so one contract's own types stay assignable to the general `ActionContract` (parameters bivariant). */
interface ClientsOfAnswer<In, Out> {
  of(input: In, answer: Out): string | readonly string[] | null | undefined;
}
/** An answer that carries client data but is not logged as a read, and why (a list of names, a change just made). */
export interface AccessLogExemption {
  readonly exempt: string;
}

type LevelsIn<Access extends AccessDeclaration> = Access extends readonly AccessLevel[] ? Access[number] : Access;
/** True only for a literal access that names `level`; the unnarrowed `AccessDeclaration` (any contract) answers false. */
type Declares<Access extends AccessDeclaration, Level extends AccessLevel> = [AccessDeclaration] extends [Access]
  ? false
  : Level extends LevelsIn<Access>
    ? true
    : false;

/**
 * The rate limit per caller address: required of an action anyone may call (a missing one is a compile error here
 * and a failing test in core/src/actions/policy.test.ts), optional for the others.
 */
type RateLimitPolicy<Access extends AccessDeclaration> =
  Declares<Access, 'public'> extends true ? { readonly rateLimit: RateLimitRule } : { readonly rateLimit?: RateLimitRule };
/** The audit declaration: required of an action an administrator may call, absent elsewhere. */
type AuditDeclaration<Access extends AccessDeclaration> = Declares<Access, 'superadmin'> extends true ? { readonly audit: AuditPolicy } : { readonly audit?: AuditPolicy };

interface ActionDeclaration<I extends z.ZodType, O extends z.ZodType, Access extends AccessDeclaration> {
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
  /**
   * The files it takes, and their limits. An action without it refuses a file part with 413 before a byte is stored.
   */
  readonly uploads?: UploadPolicy;
  /**
   * It mails, from the clinic and under our sender name, addresses the therapist typed (invoices, forms, newsletters,
   * invitations). The API refuses it (403, and mails the owner a fresh link) while the clinic has not confirmed its
   * e-mail (api/src/domain/accounts/email-confirmation.ts); the mails themselves are counted, one seat per recipient,
   * against the clinic's daily mail budget where they are sent (api/src/domain/contact/outbound.ts).
   */
  readonly mailsTypedAddresses?: true;
  /**
   * A colleague whose own subscription is not running (pending or expired) may still call it: only what they need
   * to see who they are and sign out. Every other action refuses them (api/src/endpoint/authenticate.ts).
   */
  readonly worksWithoutSubscription?: true;
  /**
   * A read of a client's record, journal, images, intake answers or invoices is logged (`AccessLogPolicy`); an answer
   * carrying such data that is not a read says why (`exempt`). core/src/actions/policy.test.ts fails for an action
   * whose answer carries client health data and that declares neither.
   */
  readonly accessLog?: AccessLogPolicy<z.output<I>, z.output<O>> | AccessLogExemption;
}

/**
 * How an action is declared. Besides its shapes it carries its policy, read by the API from here and nowhere else:
 * `rateLimit` (per caller address and window, counted before the caller is even checked; an action with `public`
 * access must declare one), `uploads`, `mailsTypedAddresses`, `worksWithoutSubscription`, `audit` (required
 * when an administrator may call it: every administrator call is recorded, whatever it answers), and `accessLog`
 * (required when its answer carries a client's health data: the read is logged, or it says why not).
 */
export type ActionContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, Access extends AccessDeclaration = AccessDeclaration> = ActionDeclaration<I, O, Access> &
  RateLimitPolicy<Access> &
  AuditDeclaration<Access>;

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
