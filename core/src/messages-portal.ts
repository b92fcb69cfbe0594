/**
 * Danish texts of 'Mine tider', the clients' own page: what a client reads when they ask for a sign-in link, use it,
 * cancel, move, correct their details or ask for their data. The answer to a link request is one text whatever the
 * address (a stranger learns nothing about who is a client).
 */
export const portalMessages = {
  title: 'Mine tider',
  /** The answer to every link request, known address or not. */
  linkSent: 'Hvis adressen er kendt af klinikken, har vi sendt dig et link. Det virker i 15 minutter.',
  linkInvalid: 'Linket er udløbet eller allerede brugt. Bed om et nyt link.',
  signedOut: 'Du er logget ud. Bed om et nyt link for at se dine tider.',
  sessionEnded: 'Du er logget ud',
  bookingCancelled: 'Din tid er aflyst',
  bookingMoved: 'Din tid er flyttet',
  booked: 'Tak for din booking. Tiden er din.',
  /** Inside the notice: the portal shows the clinic's phone beside it. */
  insideNotice: (hours: number) => `Tiden kan ikke ændres eller aflyses her mindre end ${hours} timer før. Ring til klinikken.`,
  noticeRule: (hours: number) => `Afbud og flytning senest ${hours} timer før`,
  timeTaken: 'Tiden er lige blevet taget. Vælg en anden tid.',
  detailsSaved: 'Dine oplysninger er gemt',
  emailConfirmSent: 'Vi har sendt et link til den nye adresse. Den gælder, når du har bekræftet den.',
  emailConfirmed: 'Din nye e-mailadresse er bekræftet',
  journalRequested: 'Din anmodning om journalen er sendt til klinikken',
  /** A booking the clinic keeps (a journal or an invoice is written on it): only the clinic can cancel it. */
  keptByClinic: 'Tiden kan ikke aflyses her, fordi klinikken har skrevet journal eller faktura på den. Ring til klinikken.',
  journalIncluded: 'Journalen er allerede med i dine data',
  /** Who changed the client's details, as the client's history shows it. */
  changedByClient: 'Klienten selv (Mine tider)',
  /** In the data export when journals are given on request. */
  journalOnRequest: 'Journalen udleveres efter anmodning. Bed om den i Mine tider, så sender klinikken den til dig.',
  cancelNoticeHours: 'Afbud og flytning skal være mellem 0 og 168 timer før',
} as const;
