/**
 * Danish messages of the scheduling rules (bookings, leaves, opening hours, treatments). Kept apart from
 * `messages` so the shell's first page, which loads `@klinik/core/rules`, does not carry them.
 */
export const schedulingMessages = {
  invalidReference: 'Ugyldig reference',
  // spec 2 §8, scheduling
  bookingOverlap: 'Denne tidspunkt overlapper med en anden booking. Vælg en anden tidspunkt.',
  treatmentRequired: 'Fejl: Behandling er påkrævet.',
  timeRequired: 'Fejl: Tid er påkrævet.',
  // spec 3 §5, treatment form
  treatmentNameRequired: 'Patientnavn er påkrævet',
  priceMustBeNumber: 'Prisen skal være et tal',
  durationRequired: 'Varighed er påkrævet',
  pauseRequired: 'Pause er påkrævet',
  durationWholeFiveMinutes: 'Varigheden skal være hele 5 minutter (mindst 5 minutter, højst 12 timer)',
  pauseWholeMinutes: 'Pausen skal være hele minutter mellem 0 og 120',
  // spec 1 §8 and ours, bookings
  clientExists: 'Denne klient eksisterer allerede i din klinik',
  onlyExistingClients: 'Du tager ikke imod nye klienter. Der kan kun bookes tider til eksisterende klienter.',
  clientChoice: 'Vælg en eksisterende klient eller udfyld en ny klient',
  timeOnFiveMinutes: 'Tiden skal ligge på hele 5 minutter',
  endAfterStart: 'Sluttidspunkt skal være efter starttidspunkt!',
  bookingTooLong: 'En booking kan højst vare 12 timer',
  leaveTooLong: 'Et fravær kan højst vare 31 dage. Opret et længere fravær som flere.',
  // spec 2 §8, the new-booking drawer's last required field: the leave's text (its 'Afsnitt')
  leaveReasonRequired: 'Fejl: Afsnitt er påkrævet.',
  leaveFromRequired: 'Fra er påkrævet',
  leaveToRequired: 'Til er påkrævet',
  rangeTooLong: 'Perioden er for lang',
  otherTherapistOwnerOnly: 'Kun klinikkens administrator kan se og ændre andre terapeuters kalender',
  changedMeanwhile: 'Bookingen er blevet ændret imens. Hent kalenderen igen og prøv igen.',
  // ours: what deleting would lose. Bookings have no cancelled state; crediting frees an invoiced one.
  bookingInvoiced: 'Bookingen er faktureret og kan ikke slettes. Lav først en kreditnota, hvis fakturaen skal annulleres.',
  bookingHasJournal: 'Bookingen har en journal og kan ikke slettes, fordi journalen skal opbevares.',
} as const;

/** Identity fields of a new client, with the prefix of the form they are shown in (spec 1 §5, spec 2 §8). */
export function newClientMessages(prefix: '' | 'Fejl: ') {
  return {
    nameFirst: `${prefix}Fornavn er påkrævet.`,
    nameLast: `${prefix}Efternavn er påkrævet.`,
    CPR6Digit: `${prefix}Fødselsdag skal være 6 cifre.`,
    CPRLast4Digit: `${prefix}De sidste 4 cifre i dit CPR nr skal bestå af 4 tegn.`,
    email: `${prefix}Invalid email adresse`,
    phone: `${prefix}Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +`,
  } as const;
}

/** Courses and the public online booking (spec 1 §4, §5, §8; spec 2 §5). */
export const bookingMessages = {
  /** The public pages of a clinic the platform administrator disabled or deleted. */
  clinicClosed: 'Klinikken tager ikke imod onlinebookinger.',
  minAboveMax: 'Minimum antal deltagere kan ikke være højere end max antal deltagere',
  titleRequired: 'Titel er påkrævet',
  limitNumber: 'Max antal deltagere skal være et tal mellem 1 og 1000',
  minNumber: 'Minimum antal deltagere skal være et tal mellem 0 og 1000',
  latestDays: 'Tilmeldingsfristen skal være 0 til 365 dage før kurset',
  deadlinePassed: 'Tilmeldingsfristen for denne kursusdag er overskredet',
  alreadySignedUp: 'Du er allerede tilmeldt denne kursusdag',
  courseDateRequired: 'Vælg mindst én kursusdag',
  courseDateChangedMeanwhile: 'Kursusdagen er blevet ændret imens. Hent kurset igen og prøv igen.',
  // spec 1 §8, verbatim
  sameDay: 'Du kan kun bestille tider i morgen og frem. Hvis du har brug for at booke til i dag, bedes du kontakte klinikken for at aftale en tid.',
  formDisabled: 'Bookingformular er deaktiveret',
  missingInformation: 'Du mangler at opgive obligatorisk information',
  done: 'Din booking er nu oprettet.',
  unsubscribed: 'Du er nu afmeldt nyhedsbreve',
  // ours
  reasonRequired: 'Årsag til henvendelse er påkrævet',
  consentRequired: 'Du skal give samtykke for at booke',
  fullCpr: 'Skriv hele CPR-nummeret (10 cifre)',
  slotGone: 'Tiden er ikke længere ledig. Vælg en anden tid.',
  clientRefExpired: 'Søg dig frem igen: opslaget er udløbet.',
  unsubscribeLinkInvalid: 'Linket til afmelding er ugyldigt',
  onWaitingList: 'Du er skrevet på ventelisten',
  signedUp: 'Du er tilmeldt kurset',
} as const;

/** Spec 1 §8: the treatment step's message when the therapist has no treatments for the client. */
export function noTreatmentsMessage(email: string, phone: string): string {
  return `Der er ingen behandlinger, du kan booke online. Kontakt klinikken på ${email} eller ${phone}.`;
}

/** Client records, journals, images, storage and the intake form (spec 2 §4, §5, §8). */
export const clientMessages = {
  // spec 2, verbatim
  noTagsFound: 'Ingen problematikker fundet.',
  areYouSure: 'Er du sikker?',
  imageType: 'Filen skal være JPEG, JPG, GIF, PNG filtyper.',
  imageSize: 'Billedstørrelse skal være inden for 4 MB',
  storageFull: 'Din lagerplads er fuld',
  oneImageForEdit: 'Kun 1 billede tilladt til redigering',
  imageRequired: 'Mindst 1 billede er påkrævet',
  noImageChosen: 'Please select Image for Download',
  noImagesFound: 'Ingen billeder fundet',
  questionNameRequired: 'Spørgsmålets navn må ikke være tomt!',
  questionDeleted: 'spørgsmålet blev slettet!',
  mailSent: 'e-mail er blevet sendt!',
  copied: 'Kopieret!',
  // ours
  tooManyImages: (max: number) => `Maksimalt ${max} billeder tilladt`,
  clientNotFound: 'Klienten findes ikke',
  journalNotFound: 'Journalen findes ikke',
  fieldNotFound: 'Feltet findes ikke',
  imageNotFound: 'Billedet findes ikke',
  questionNotFound: 'Spørgsmålet findes ikke',
  bookingNotFound: 'Bookingen findes ikke',
  journalClosed: 'Journalen kan kun skrives indtil 24 timer efter behandlingen. Tilføj en kommentar i stedet.',
  fieldLocked: (label: string) => `Feltet '${label}' er låst 24 timer efter første indtastning. Tilføj en kommentar i stedet.`,
  commentLocked: 'Kommentaren er låst: den kan kun ændres de første 24 timer.',
  commentNotAllowed: 'Kommentarer kan kun skrives til de første fire felter i stamjournalen.',
  commentRequired: 'Kommentaren må ikke være tom',
  journalChanged: 'Journalen er blevet ændret af en anden imens. Hent den igen; din tekst er ikke gemt.',
  fieldChanged: 'Feltet er blevet ændret af en anden imens. Hent det igen; din tekst er ikke gemt.',
  fieldNameRequired: 'Feltets navn må ikke være tomt',
  fieldIsLocked: 'Dette felt er fast og kan ikke omdøbes eller slettes',
  proOnly: 'Kan kun bruges med pro abonnement',
  requiredField: (label: string) => `${label} er påkrævet`,
  digitsOnly: (label: string) => `${label} må kun indeholde tal`,
  birthdayInFuture: 'Fødselsdagen kan ikke ligge i fremtiden',
  clientHasUpcomingBookings: 'Klienten har kommende bookinger. Slet eller flyt dem først.',
  clientDeleted: 'Klienten er slettet',
  formLinkInvalid: 'Linket til formularen er ugyldigt eller udløbet. Bed klinikken om et nyt.',
  formSubmitted: 'Tak! Dine svar er sendt til klinikken.',
  answerRequired: (name: string) => `'${name}' skal besvares`,
  answerNumber: (name: string) => `'${name}' skal være et tal`,
  noFreeLastDigits: 'Der er ingen ledige koder for denne fødselsdag',
  logoType: 'Logoet skal være en JPG, JPEG eller PNG fil',
  // spec 3 §8 'Logo too large', verbatim
  logoSize: 'Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.',
} as const;
export * from './messages-public.js';
export * from './messages-portal.js';

export { bookingPaymentMessages } from './messages-booking-payments.js';
