/**
 * The overview's texts, apart from the client page's (texts.ts re-exports them), so the first load of /Klientdata
 * does not carry every text of the client page.
 */
export const overviewTexts = {
  title: 'Klientdata',
  retry: 'Prøv igen',
  loading: 'Henter…',
  partFailed: 'Denne del af siden kunne ikke hentes.',
  overview: {
    search: 'Søg på navn eller CPR',
    therapist: 'Terapeut',
    allTherapists: 'Alle terapeuter',
    empty: 'Ingen klienter fundet',
    emptyHint: 'Nye klienter kommer hertil fra klientformularen og fra bookinger.',
    selectHint: 'Vælg en klient for at se stamdata, stamjournal, journaler og bookinger.',
    listLabel: 'Klienter',
    name: 'Navn',
    cpr: 'CPR',
    email: 'E-mail',
    phone: 'Telefon',
    updated: 'Sidst ændret',
    newClient: 'Ny klient',
    loadFailed: 'Klienterne kunne ikke hentes.',
    therapistsFailed: 'Terapeuterne kunne ikke hentes.',
  },
} as const;
