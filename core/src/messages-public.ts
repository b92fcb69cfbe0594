/**
 * Danish texts of the public pages' privacy rules (issue 14): what a stranger is told is the same for a person the
 * clinic knows and one it does not, and public answers that wait for the therapist are bounded.
 */
export const publicMessages = {
  /** Every public booking and sign-up answers this when the clinic's queue of submissions to review is full. */
  clinicQueueFull: 'Klinikken kan ikke tage imod flere henvendelser online lige nu. Kontakt klinikken direkte.',
  /** The same e-mail has too many submissions waiting for the clinic. */
  addressQueueFull: 'Der ligger allerede flere henvendelser fra denne e-mail, som klinikken ikke har set endnu. Vent på svar fra klinikken.',
  /** The wizard's hint on the existing-client step: the answer never says whether the clinic knows the person. */
  existingClientHint: 'Skriv dit navn, CPR-nummer og din e-mail, som klinikken kender dem. Passer de, er tiden din med det samme; ellers bekræfter klinikken den.',
  intakeReceived: 'Tak. Dine svar er sendt til klinikken.',
  formLinkUsed: 'Linket til formularen er allerede brugt. Kontakt klinikken, hvis du vil ændre dine svar.',
  tooLarge: 'Svarene er for lange. Forkort dem og prøv igen.',
  clientTooManyAnswers: 'Klienten har for mange svar fra formularen. Slet nogle i klientens journal først.',
  submissionNotFound: 'Henvendelsen findes ikke længere',
  submissionAccepted: 'Henvendelsen er godkendt',
  submissionRejected: 'Henvendelsen er afvist',
} as const;
