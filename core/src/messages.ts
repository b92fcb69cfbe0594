/**
 * Danish validation and error messages shared by the API and the frontends. Texts quoted by the spec are kept
 * verbatim (marked 'spec'); the rest are ours, written in the same voice.
 */
export const messages = {
  // spec 1 §5 / §8
  termsRequired: 'Du skal bekræfte handelsbetingelser og databehandleraftale',
  usernameTaken: 'Brugernavnet er taget',
  passwordsDiffer: 'Passwords er ikke ens',
  // Not the spec's 'Der findes ingen konto…' / 'Der er blevet sendt en mail til …': the same answer for every address,
  // so the page does not tell who has an account (docs/decisions/0010-privacy-above-the-spec-on-public-pages.md).
  resetMailSent: 'Hvis adressen hører til en konto, har vi sendt en mail med et link til at vælge en ny adgangskode.',
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
  passwordTooShort: 'Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte',
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
  /** The database is away (an outage, a restart): 503, and the call changed nothing. */
  databaseUnavailable: 'Databasen svarer ikke lige nu. Prøv igen om lidt.',
  /** The blob store (images, uploaded files) is away or failing: 503, try again. */
  fileStoreUnavailable: 'Fillageret svarer ikke lige nu. Prøv igen om lidt.',
  /** A request that reaches an API process while it stops (a deploy, a restart): 503, try again. */
  shuttingDown: 'Serveren genstarter. Prøv igen om lidt.',
  /** A per-record cap of core's CAPS is reached (`what`: 'behandlinger', 'kurser', …). */
  capReached: (cap: number, what: string) => `Der kan højst være ${cap} ${what}. Slet nogle, før du opretter flere.`,
  freeTrialExpired: 'Den gratis prøveperiode er udløbet. Vælg Pro for at fortsætte.',
  freeTrialActive: 'Den gratis prøveperiode er allerede aktiv',
  freeTrialNotWithPro: 'Klinikken har allerede et Pro abonnement',
  freeTrialStarted: 'Den gratis prøveperiode er startet',
  registered: 'Klinikken er oprettet',
  loggedOut: 'Du er logget ud',
  unknownFields: (keys: readonly string[]) => `Ukendte felter: ${keys.join(', ')}`,
} as const;
