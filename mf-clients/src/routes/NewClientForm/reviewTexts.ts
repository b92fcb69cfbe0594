/** The review tab's Danish texts (what the public pages handed in waits for the therapist). Ours. */
export const reviewTexts = {
  label: 'Henvendelser til gennemsyn',
  loadFailed: 'Henvendelserne kunne ikke hentes',
  hint: 'Indsendt uden klinikkens link, eller fra en person, klinikken ikke kunne genkende. Intet er skrevet på en klient, før du godkender. Henvendelser, der ikke er set efter 14 dage, slettes af sig selv.',
  empty: 'Der er ingen henvendelser at se på.',
  kind: { booking: 'Booking', course: 'Kursustilmelding', intake: 'Klientformular', 'journal-request': 'Anmodning om journal' } as Record<string, string>,
  /** A signed-in client asked for their journal in 'Mine tider'; approving mails them that the clinic sends it. */
  journalRequest: 'Klienten beder om at få sin journal udleveret. Godkend, når I sender den: klienten får besked om, at den er på vej.',
  known: 'Klinikken har en klient med dette CPR-nummer.',
  attach: 'Godkend på den eksisterende klient',
  create: 'Godkend som ny klient',
  other: 'Knyt til en anden klient',
  pickLabel: 'Søg klient',
  pickPlaceholder: 'Navn eller CPR',
  pickNone: 'Ingen klienter passer til søgningen.',
  pick: (name: string) => `Godkend på ${name}`,
  reject: 'Afvis',
  rejectTitle: 'Er du sikker?',
  rejectBody: 'Henvendelsen slettes. Intet bliver skrevet på en klient.',
  rejectConfirm: 'Afvis',
  cancel: 'Annuller',
  courseDays: (count: number) => `${count} kursusdag${count === 1 ? '' : 'e'}`,
  // Many at once (a queue strangers filled).
  select: (name: string) => `Vælg henvendelsen fra ${name}`,
  selectAll: (count: number) => `Vælg alle (${count})`,
  rejectSelected: (count: number) => `Afvis valgte (${count})`,
  rejectManyBody: (count: number) => `${count === 1 ? 'Én henvendelse' : `${count} henvendelser`} slettes. Intet bliver skrevet på en klient.`,
};
