/**
 * Danish texts of the public pages' privacy rules: what a stranger is told is the same for a person the
 * clinic knows and one it does not, and public answers that wait for the therapist are bounded.
 */
export const publicMessages = {
  /**
   * Too many public submissions to one clinic today with this e-mail or this CPR number, counted whatever
   * they turned out to be, so a known and an unknown person are refused alike.
   */
  tooManySubmissions: 'Der er sendt mange henvendelser med disse oplysninger i dag. Prøv igen i morgen, eller kontakt klinikken direkte.',
  /** The wizard's hint on the existing-client step: the answer never says whether the clinic knows the person. */
  existingClientHint: 'Skriv dit navn, CPR-nummer og din e-mail, som klinikken kender dem. Passer de, er tiden din med det samme; ellers bekræfter klinikken den.',
  intakeReceived: 'Tak. Dine svar er sendt til klinikken.',
  formLinkUsed: 'Linket til formularen er allerede brugt. Kontakt klinikken, hvis du vil ændre dine svar.',
  tooLarge: 'Svarene er for lange. Forkort dem og prøv igen.',
  clientTooManyAnswers: 'Klienten har for mange svar fra formularen. Slet nogle i klientens journal først.',
  submissionNotFound: 'Henvendelsen findes ikke længere',
  submissionAccepted: 'Henvendelsen er godkendt',
  submissionRejected: 'Henvendelsen er afvist',
  submissionsRejected: (count: number) => (count === 1 ? 'Én henvendelse er afvist' : `${count} henvendelser er afvist`),
} as const;
