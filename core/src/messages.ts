/**
 * Danish validation and error messages shared by the API and the frontends. Texts quoted by the spec are kept
 * verbatim (marked 'spec'); the rest are ours, written in the same voice.
 */
export const messages = {
  // spec 1 §5 / §8
  termsRequired: 'Du skal bekræfte handelsbetingelser og databehandleraftale',
  usernameTaken: 'Brugernavnet er taget',
  passwordsDiffer: 'Passwords er ikke ens',
  noAccountForEmail: 'Der findes ingen konto tilknyttet denne email',
  resetMailSent: (email: string) => `Der er blevet sendt en mail til ${email}`,
  passwordUpdated: 'Password opdateret',
  invalidEmail: 'Ugyldigt e-mailadresseformat',
  phoneFormat: 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +',
  // spec 3 §5
  wrongOldPassword: 'Forkert oprindeligt password',
  allFieldsRequired: 'Alle felter skal udfyldes',
  newPasswordsDiffer: 'De to nye passwords matcher ikke',
  newPasswordSaved: 'Nyt password gemt!',
  passwordRequired: 'Adgangskode er påkrævet',
  // ours
  required: (label: string) => `${label} er påkrævet`,
  tooLong: (label: string, max: number) => `${label} må højst være ${max} tegn`,
  passwordTooShort: 'Adgangskoden skal være mindst 6 tegn',
  cvrFormat: 'CVR skal være et heltal på højst 8 cifre',
  postFormat: 'Postnummer skal være et heltal på højst 8 cifre',
  wrongLogin: 'Forkert brugernavn eller adgangskode',
  wrongPassword: 'Forkert adgangskode',
  wrongTeamLogin: 'Forkert brugernavn eller adgangskode',
  adminWrongPassword: 'Forkert login',
  resetLinkInvalid: 'Linket er ugyldigt eller udløbet. Bed om et nyt link.',
  setPasswordLinkInvalid: 'Linket er ugyldigt eller udløbet. Bed klinikkens administrator om et nyt link.',
  companyDisabled: 'Klinikken er deaktiveret. Kontakt support.',
  accountInactive: 'Din konto er deaktiveret. Kontakt klinikkens administrator.',
  ownerOnly: 'Kun klinikkens administrator kan gøre dette',
  proPlanRequired: 'Kan kun bruges med pro abonnement',
  forbidden: 'Du har ikke adgang til dette',
  notFound: 'Findes ikke',
  unknownAction: (action: string) => `Ukendt handling: ${action}`,
  actionMissing: 'Handling mangler',
  malformedJson: 'Ugyldig JSON i forespørgslen',
  bodyTooLarge: 'Forespørgslen er for stor',
  tooManyRequests: 'For mange forsøg. Vent lidt og prøv igen.',
  unexpected: 'Der skete en uventet fejl. Prøv igen.',
  freeTrialExpired: 'Den gratis prøveperiode er udløbet. Vælg Pro for at fortsætte.',
  freeTrialActive: 'Den gratis prøveperiode er allerede aktiv',
  freeTrialNotWithPro: 'Klinikken har allerede et Pro abonnement',
  freeTrialStarted: 'Den gratis prøveperiode er startet',
  registered: 'Klinikken er oprettet',
  loggedOut: 'Du er logget ud',
  unknownFields: (keys: readonly string[]) => `Ukendte felter: ${keys.join(', ')}`,
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
  leaveReasonRequired: 'Årsag er påkrævet',
  leaveFromRequired: 'Fra er påkrævet',
  leaveToRequired: 'Til er påkrævet',
  rangeTooLong: 'Perioden er for lang',
  otherTherapistOwnerOnly: 'Kun klinikkens administrator kan se og ændre andre terapeuters kalender',
  changedMeanwhile: 'Bookingen er blevet ændret imens. Hent kalenderen igen og prøv igen.',
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
