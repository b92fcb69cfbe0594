/**
 * Rooms and equipment: what a booking of a treatment holds besides its therapist's time. A treatment may need one room
 * of a set (any free one will do) and every piece of equipment it names. The server claims them as it claims a
 * therapist's time (api/src/data/concurrency/slot-claims.ts); this pure part decides which offered starts still have
 * what they need, so the booking page and the server agree.
 */

export const RESOURCE_KINDS = ['room', 'equipment'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** A clinic's rooms and equipment together; more is a mistake, not a clinic. */
export const MAX_RESOURCES = 100;

export const roomMessages = {
  nameRequired: 'Skriv et navn',
  kindRequired: 'Vælg lokale eller udstyr',
  nameTaken: 'Der findes allerede et lokale eller udstyr med det navn',
  tooMany: `Klinikken kan højst have ${MAX_RESOURCES} lokaler og udstyr`,
  unknown: 'Lokalet eller udstyret findes ikke i klinikken',
  notARoom: 'Vælg kun lokaler under lokaler',
  notEquipment: 'Vælg kun udstyr under udstyr',
  hasFutureBookings: 'Lokalet eller udstyret har kommende bookinger og kan ikke slettes. Flyt eller aflys dem først, eller sæt det som ikke i brug.',
  roomTaken: 'Behandlingens lokale er optaget på det tidspunkt. Vælg en anden tid.',
  noActiveRoom: 'Ingen af behandlingens lokaler er i brug. Vælg lokaler til behandlingen under Behandlinger.',
  equipmentTaken: (name: string) => `${name} er i brug på det tidspunkt. Vælg en anden tid.`,
  equipmentInactive: (name: string) => `${name} er ikke i brug. Ret behandlingens udstyr under Behandlinger.`,
  added: 'Lokalet eller udstyret er tilføjet',
  saved: 'Ændringen er gemt',
  deleted: 'Lokalet eller udstyret er slettet',
  treatmentSaved: 'Behandlingens lokaler og udstyr er gemt',
} as const;

interface Span {
  from: number;
  to: number;
}

/** What one booking needs: one of `rooms` (ids, in the order to try) and every one of `equipment`. */
export interface ResourceNeeds {
  rooms: readonly string[];
  equipment: readonly string[];
}

export function needsNothing(needs: ResourceNeeds): boolean {
  return needs.rooms.length === 0 && needs.equipment.length === 0;
}

/** Whether [from, to) finds every piece of equipment free and at least one of the rooms (when rooms are needed). */
export function resourcesFree(needs: ResourceNeeds, span: Span, busy: ReadonlyMap<string, readonly Span[]>): boolean {
  const free = (id: string) => !(busy.get(id) ?? []).some((taken) => taken.from < span.to && span.from < taken.to);
  return needs.equipment.every(free) && (needs.rooms.length === 0 || needs.rooms.some(free));
}

/**
 * The starts of `starts` whose [start, start + duration) has what `needs` asks for. `busy`: per room or equipment id,
 * the time other bookings hold it (their own time, as the claims hold it: a pause is the therapist's, not the room's).
 */
export function startsWithResources(starts: readonly number[], durationMs: number, needs: ResourceNeeds, busy: ReadonlyMap<string, readonly Span[]>): number[] {
  if (needsNothing(needs)) return [...starts];
  return starts.filter((start) => resourcesFree(needs, { from: start, to: start + durationMs }, busy));
}
