/** Danish texts of /Kontakt: newsletters, follow-up messages and SMS reminders. */
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
  // ours
  smsSettingsSaved: 'SMS-indstillingerne er gemt',
  smsAbroadNeedsPaidPlan: 'SMS til udenlandske numre kræver et betalt abonnement (Pro).',
  smsAbroadNeedsCard: 'Gem et betalingskort under Abonnement, før I slår SMS til udenlandske numre til.',
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
  /** A waiting-list offer that was taken, lapsed or withdrawn before its message went. */
  offerClosed: 'Tilbuddet fra ventelisten er udløbet eller taget',
  clientGone: 'Klienten er slettet',
  gaveUp: 'Opgivet efter flere forsøg',
  /** The platform administrator disabled or deleted the clinic. */
  clinicClosed: 'Klinikken er deaktiveret',
  /** What the platform will not send on a clinic's behalf. */
  emailUnconfirmed: 'Klinikkens e-mail er ikke bekræftet',
  foreignNumber: 'SMS til udenlandske numre er slået fra',
  foreignNeedsCard: 'SMS til udenlandske numre kræver et gemt betalingskort',
  trialQuotaUsed: 'De gratis SMS i prøveperioden er brugt',
  noCard: 'De gratis SMS er brugt, og der er intet gemt betalingskort',
  clinicSmsCap: 'Klinikkens grænse for SMS i døgnet er nået',
  numberSmsCap: 'Grænsen for SMS til dette nummer i døgnet er nået',
  mailBudgetUsed: 'Klinikkens grænse for mails i døgnet er nået',
} as const;
