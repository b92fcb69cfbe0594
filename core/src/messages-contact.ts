/** Danish texts of /Kontakt: newsletters, follow-up messages and SMS reminders (issue 15). */
export const contactMessages = {
  subjectRequired: 'Emne er påkrævet',
  subjectTooLong: 'Emnet må højst være 200 tegn',
  messageRequired: 'Besked er påkrævet',
  messageTooLong: 'Beskeden er for lang',
  newsletterAdded: 'Nyhedsbrevet er oprettet',
  newsletterSaved: 'Nyhedsbrevet er gemt',
  newsletterDeleted: 'Nyhedsbrevet er slettet',
  newsletterNotFound: 'Nyhedsbrevet findes ikke',
  selectionRequired: 'Vælg mindst én klient',
  selectionTooLarge: 'Der kan højst vælges 5000 klienter ad gangen',
  selectionUnknown: 'En eller flere af de valgte klienter findes ikke',
  noRecipients: 'Ingen klienter kan modtage nyhedsbrevet (de skal have en e-mail og have nyhedsbrev slået til)',
  sendStarted: (count: number) => `Nyhedsbrevet sendes til ${count} ${count === 1 ? 'klient' : 'klienter'}`,
  sendAlreadyRunning: 'Dette nyhedsbrev er ved at blive sendt. Vent til udsendelsen er færdig.',
  settingsSaved: 'Indstillingerne er gemt',
  followUpDays: 'Antal dage skal være et helt tal mellem 1 og 365',
  followUpTextRequired: 'Skriv teksten til opfølgningen',
  followUpTextTooLong: 'Teksten må højst være 2000 tegn',
  reminderLead: 'Påmindelsen kan sendes mellem 1 og 168 timer før',
  /** The public newsletter sign-up page (/Newsletter): the same answer whether or not the address is a client's. */
  signupAnswer: 'Tak. Hvis adressen tilhører en af klinikkens klienter, har vi sendt en e-mail med et link, der bekræfter tilmeldingen.',
  signupConfirmed: 'Du er nu tilmeldt nyhedsbreve',
  signupLinkInvalid: 'Linket til tilmelding er ugyldigt eller udløbet',
  emailInvalid: 'Fejl: Invalid email adresse',
} as const;

/** Why a message was not sent (shown in the therapist's list of sent and scheduled messages). */
export const messageSkipReasons = {
  unsubscribed: 'Klienten er afmeldt',
  noEmail: 'Klienten har ingen e-mail',
  noPhone: 'Klienten har intet telefonnummer',
  notSmsCapable: 'Nummeret kan ikke modtage SMS',
  settingOff: 'Slået fra',
  bookingGone: 'Bookingen er flyttet eller slettet',
  clientGone: 'Klienten er slettet',
  gaveUp: 'Opgivet efter flere forsøg',
  /** The platform administrator disabled or deleted the clinic (issue 16). */
  clinicClosed: 'Klinikken er deaktiveret',
} as const;
