/**
 * Who a public booking, course sign-up or intake form is for, decided so that the answer never tells a stranger
 * whether someone is a client of the clinic (being a client of a psychologist is itself health data):
 *
 * - a CPR number the clinic does not know: a new client from the fields given (while the therapist takes new clients);
 * - a CPR number the clinic knows, with the same first name, last name and e-mail as on record: that client;
 * - anything else (the CPR number known with another name or e-mail, or a new person while the therapist takes
 *   existing clients only): held, a PublicSubmission the therapist confirms or rejects; no client record is touched.
 *
 * The public answer is the same in all three cases. The CPR match is `clientByCpr` alone, by the keyed hash of the
 * number (`cprKeyOf`, the Client's `cprKey`; a held submission keeps the same hash), never by the number itself.
 */
import type { Types } from 'mongoose';
import { bookingMessages, publicMessages } from '@klinik/core';
import { reviewQueueMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, TooManyRequestsError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { rateLimitAddressKey } from '../../security/client-address.js';
import { cprHash } from '../../security/encryption.js';
import { createClient } from '../clients/clients.js';
import { recipientKey, takeSeat } from '../contact/outbound.js';
import { formEnabled, type PublicPage } from './public-therapist.js';

/**
 * Held submissions waiting for review: at most HELD_PER_SOURCE per clinic from one source (the caller's
 * address as the rate limits count it: an IPv4 address, an IPv6 /64) and HELD_PER_CLINIC per clinic. Beyond them a
 * held submission is answered, and receipted, exactly as a kept one, but not kept: refusing it would tell the sender
 * that the person is held (known to the clinic under other details), and refusing everyone (as before) let anyone
 * shut a clinic's public forms by filling its queue. A new or matched client is never refused for a full queue.
 */
export const HELD_PER_SOURCE = 20;
export const HELD_PER_CLINIC = 1000;
/** The owner is mailed (at most once a week) when this many wait. */
export const REVIEW_QUEUE_MAIL_AT = 50;

export interface PublicPerson {
  nameFirst: string;
  nameLast: string;
  CPR6Digit: string;
  CPRLast4Digit: string;
  email: string;
  phonePrivate: string;
  address?: string;
  post?: string;
  town?: string;
}

/** The keyed hash a person's CPR number is matched by (security/encryption.ts `cprHash`). */
export function cprKeyOf(person: Pick<PublicPerson, 'CPR6Digit' | 'CPRLast4Digit'>): string {
  return cprHash(`${person.CPR6Digit}${person.CPRLast4Digit}`);
}

/** The clinic's client with this CPR hash (`cprKeyOf`), if any: the one place a public flow matches a CPR number. */
export async function clientByCpr(db: TenantDb, cprKey: string): Promise<ClientDoc | null> {
  return db.Client.findOne({ cprKey }).lean();
}

const comparable = (value: string | null | undefined) => (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('da');

/** Whether the person given is the client on record: first name, last name and e-mail, ignoring case and spacing. */
export function sameIdentity(client: Pick<ClientDoc, 'nameFirst' | 'nameLast' | 'email'>, person: Pick<PublicPerson, 'nameFirst' | 'nameLast' | 'email'>): boolean {
  return (
    comparable(client.nameFirst) === comparable(person.nameFirst) &&
    comparable(client.nameLast) === comparable(person.nameLast) &&
    comparable(client.email) !== '' &&
    comparable(client.email) === comparable(person.email)
  );
}

/**
 * Counts one public submission (booking, course sign-up, intake form without the clinic's link) per clinic and e-mail,
 * and per clinic and CPR number, before anything is decided about the person and whatever it turns out to be (a new
 * client, a matched one, held), so that any sequence of submissions is answered alike for a known and an unknown
 * person. Both are counted before either refuses. 429 with the Danish message beyond either allowance.
 */
export async function countPublicSubmission(ctx: PublicContext, companyId: Types.ObjectId, person: Pick<PublicPerson, 'email' | 'CPR6Digit' | 'CPRLast4Digit'>): Promise<void> {
  const company = companyId.toHexString();
  const { limiter } = ctx.services;
  const [byEmail, byCpr] = await Promise.all([
    takeSeat(limiter, PUBLIC_SUBMISSION_RULES.perEmail, `${company}|${recipientKey(person.email)}`),
    takeSeat(limiter, PUBLIC_SUBMISSION_RULES.perCpr, `${company}|${cprHash(`${person.CPR6Digit}${person.CPRLast4Digit}`)}`),
  ]);
  if (byEmail !== null || byCpr !== null) throw new TooManyRequestsError(publicMessages.tooManySubmissions, Math.max(byEmail ?? 0, byCpr ?? 0));
}

export const PUBLIC_SUBMISSION_RULES = { perEmail: 'publicSubmission:email', perCpr: 'publicSubmission:cpr' } as const;

/**
 * Keeps a held submission for review unless its source or the clinic already has too many waiting (see
 * HELD_PER_SOURCE): `store` writes it (a booking claims its time around the write). Answers whether it was kept; the
 * caller answers the same either way. A kept one may mail the owner about a long queue, off the request's path.
 */
export async function holdSubmission(ctx: PublicContext, db: TenantDb, store: (source: string) => Promise<unknown>): Promise<boolean> {
  const source = rateLimitAddressKey(ctx.ip);
  const [fromSource, waiting] = await Promise.all([db.PublicSubmission.countDocuments({ sourceKey: source }), db.PublicSubmission.countDocuments({})]);
  if (fromSource >= HELD_PER_SOURCE || waiting >= HELD_PER_CLINIC) {
    ctx.services.logger.warn({ companyId: db.companyId.toHexString(), fromSource, waiting }, 'a held public submission was not kept: its source or the clinic has too many waiting');
    return false;
  }
  await store(source);
  if (waiting + 1 >= REVIEW_QUEUE_MAIL_AT) {
    void mailLongQueue(ctx, db, waiting + 1).catch((error: unknown) => ctx.services.logger.error({ err: error }, 'review queue mail failed'));
  }
  return true;
}

/** At most once a week per clinic (the `reviewQueue:mail` rule), the owner hears that the queue is long. */
async function mailLongQueue(ctx: PublicContext, db: TenantDb, waiting: number): Promise<void> {
  const { limiter, mailer, config } = ctx.services;
  if ((await takeSeat(limiter, 'reviewQueue:mail', db.companyId.toHexString())) !== null) return;
  const owner = await db.Therapist.findOne({ isAdmin: true }, { email: 1, nameFirst: 1 }).lean();
  if (!owner) return;
  await mailer.send(reviewQueueMail(owner.email, owner.nameFirst, waiting, `${config.appUrl}/NewClientForm`));
}

export type PublicIdentity = { kind: 'client'; client: ClientDoc; created: boolean } | { kind: 'held' };

/** Decides who a public booking or sign-up is for (see the header). `newClientsWelcome`: the therapist takes new clients. */
export async function resolvePublicPerson(page: PublicPage, person: PublicPerson, newClientsWelcome: boolean): Promise<PublicIdentity> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await clientByCpr(page.db, cprKeyOf(person));
    if (existing) return sameIdentity(existing, person) ? { kind: 'client', client: existing, created: false } : { kind: 'held' };
    if (!newClientsWelcome) return { kind: 'held' };
    try {
      return { kind: 'client', client: await createClient(page.db, person, page.therapist._id), created: true };
    } catch (error) {
      // Created by a parallel request a moment ago: decide again against that record, never answer 'exists'.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return { kind: 'held' };
}

/** The fields of a held submission's person. */
export function personOf(person: PublicPerson) {
  return {
    nameFirst: person.nameFirst,
    nameLast: person.nameLast,
    CPR6Digit: person.CPR6Digit,
    CPRLast4Digit: person.CPRLast4Digit,
    email: person.email,
    phonePrivate: person.phonePrivate,
    address: person.address ?? '',
    post: person.post ?? '',
    town: person.town ?? '',
  };
}

/**
 * The spec's public CPR lookup (getClientsFromTherapistCompanyOnlineBooking). Any answer that differed between a
 * known and an unknown number would tell a stranger who is a client, so it answers no one, for everyone, while the
 * form is open; the wizard no longer calls it (an existing client types their details and the booking decides).
 */
export function cprLookup(page: PublicPage, now: number): [] {
  if (!formEnabled(page, now)) throw new ConflictError(bookingMessages.formDisabled);
  return [];
}
