/** The access log's Danish texts (the client page's 'Adgangslog' and the clinic-wide log on /Klientdata). */
import type { AccessLogEntry } from '@klinik/core';

export const accessLogTexts = {
  title: 'Adgangslog',
  clientIntro: 'Hvem har læst klientens oplysninger, hvornår og hvad. Loggen kan ikke ændres og gemmes i fem år.',
  clinicTitle: 'Adgangslog for klinikken',
  clinicIntro: 'Alle læsninger af klienters oplysninger i klinikken. Vælg terapeut, periode, eller en klient i listen.',
  when: 'Tidspunkt',
  who: 'Hvem',
  what: 'Hvad',
  client: 'Klient',
  network: 'Netværk',
  empty: 'Ingen læsninger i perioden.',
  loadFailed: 'Adgangsloggen kunne ikke hentes.',
  deletedClient: '(slettet klient)',
  from: 'Fra',
  to: 'Til',
  therapist: 'Terapeut',
  allTherapists: 'Alle terapeuter',
  onlyClient: (name: string) => `Kun ${name}`,
  allClients: 'Vis alle klienter',
  showClient: (name: string) => `Vis kun ${name}`,
  badPeriod: 'Slutdatoen skal være efter startdatoen',
  kinds: {
    client: 'Stamdata og intakesvar',
    journal: 'Journal',
    history: 'Historik',
    image: 'Billeder',
    invoice: 'Faktura',
    print: 'Udskrift',
    export: 'Hent mine data',
  } satisfies Record<AccessLogEntry['kind'], string>,
  readers: {
    team: 'Support',
    superadmin: 'Administrator',
    client: 'Klienten selv',
  },
} as const;

/** Who read, as the log shows it: the therapist's name then, or what kind of reader it was. */
export function readerName(entry: Pick<AccessLogEntry, 'readerKind' | 'reader'>): string {
  if (entry.readerKind === 'therapist') return entry.reader;
  const kind = accessLogTexts.readers[entry.readerKind];
  return entry.reader && entry.readerKind !== 'client' ? `${kind} (${entry.reader})` : kind;
}
