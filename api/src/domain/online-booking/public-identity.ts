/**
 * Who a public booking, course sign-up or intake form is for, decided so that the answer never tells a stranger
 * whether someone is a client of the clinic (issue 14; being a client of a psychologist is itself health data):
 *
 * - a CPR number the clinic does not know: a new client from the fields given (while the therapist takes new clients);
 * - a CPR number the clinic knows, with the same first name, last name and e-mail as on record: that client;
 * - anything else (the CPR number known with another name or e-mail, or a new person while the therapist takes
 *   existing clients only): held, a PublicSubmission the therapist confirms or rejects; no client record is touched.
 *
 * The public answer is the same in all three cases. The CPR match is `clientByCpr` alone, so that moving CPR numbers
 * to a keyed hash changes one function.
 */
import { bookingMessages, publicMessages } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, TooManyRequestsError } from '../../errors.js';
import type { ClientDoc } from '../../models/index.js';
import { createClient } from '../clients/clients.js';
import { formEnabled, type PublicPage } from './public-therapist.js';

/** Submissions waiting for review: at most this many per clinic, and per e-mail address within a clinic. */
export const MAX_PENDING_PER_CLINIC = 200;
export const MAX_PENDING_PER_ADDRESS = 3;

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

/** The clinic's client with this CPR number, if any: the one place a public flow matches a CPR number. */
export async function clientByCpr(db: TenantDb, person: Pick<PublicPerson, 'CPR6Digit' | 'CPRLast4Digit'>): Promise<ClientDoc | null> {
  return db.Client.findOne({ cprKey: `${person.CPR6Digit}${person.CPRLast4Digit}` }).lean();
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

export const emailKey = (email: string) => comparable(email);

/**
 * Refuses every public submission of a clinic whose review queue is full, or from an address with too many waiting,
 * before anything is decided about the person, so the refusal is the same for a known and an unknown person. Counted,
 * not claimed: parallel submissions can pass the bound by their number, which is all it must hold.
 */
export async function checkPendingBounds(db: TenantDb, email: string): Promise<void> {
  const [clinic, address] = await Promise.all([
    db.PublicSubmission.countDocuments({}),
    db.PublicSubmission.countDocuments({ emailKey: emailKey(email) }),
  ]);
  if (clinic >= MAX_PENDING_PER_CLINIC) throw new TooManyRequestsError(publicMessages.clinicQueueFull, 3600);
  if (address >= MAX_PENDING_PER_ADDRESS) throw new TooManyRequestsError(publicMessages.addressQueueFull, 3600);
}

export type PublicIdentity = { kind: 'client'; client: ClientDoc; created: boolean } | { kind: 'held' };

/** Decides who a public booking or sign-up is for (see the header). `newClientsWelcome`: the therapist takes new clients. */
export async function resolvePublicPerson(page: PublicPage, person: PublicPerson, newClientsWelcome: boolean): Promise<PublicIdentity> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await clientByCpr(page.db, person);
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
