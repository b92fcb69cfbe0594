/** The review tab's Danish texts (issue 14: what the public pages handed in waits for the therapist). Ours. */
export const reviewTexts = {
  tab: 'Henvendelser',
  label: 'Henvendelser til gennemsyn',
  loading: 'Henter henvendelser…',
  loadFailed: 'Henvendelserne kunne ikke hentes',
  hint: 'Indsendt uden klinikkens link, eller fra en person, klinikken ikke kunne genkende. Intet er skrevet på en klient, før du godkender.',
  empty: 'Der er ingen henvendelser at se på.',
  kind: { booking: 'Booking', course: 'Kursustilmelding', intake: 'Klientformular' } as Record<string, string>,
  known: 'Klinikken har en klient med dette CPR-nummer.',
  attach: 'Godkend på den eksisterende klient',
  create: 'Godkend som ny klient',
  reject: 'Afvis',
  rejectTitle: 'Er du sikker?',
  rejectBody: 'Henvendelsen slettes. Intet bliver skrevet på en klient.',
  rejectConfirm: 'Afvis',
  cancel: 'Annuller',
  courseDays: (count: number) => `${count} kursusdag${count === 1 ? '' : 'e'}`,
};
