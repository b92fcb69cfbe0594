/** The public intake form's Danish texts. Those quoted by spec 2 (§5, §8) come verbatim from @klinik/core; the rest are ours. */
import { clientMessages } from '@klinik/core/messages';
import { intakePersonalMessages } from '@klinik/core/records';


export const formTexts = {
  title: 'Klientformular',
  loading: 'Indlæser…',
  linkInvalid: clientMessages.formLinkInvalid,
  greeting: (name: string) => `Hej ${name}`,
  personalIntro: 'Udfyld dine oplysninger. Felter med * skal udfyldes.',
  questionsIntro: 'Besvar spørgsmålene fra klinikken. Spørgsmål med * skal besvares.',
  personalStep: 'Dine oplysninger',
  questionsStep: 'Spørgsmål',
  stepOf: (step: number, steps: number, name: string) => `Trin ${step} af ${steps}: ${name}`,
  nameFirst: 'Fornavn',
  nameLast: 'Efternavn',
  CPR6Digit: 'Fødselsdag (ddmmåå)',
  CPRLast4Digit: 'Sidste 4 cifre i CPR',
  address: 'Adresse',
  post: 'Postnummer',
  town: 'By',
  email: 'E-mail',
  phonePrivate: 'Telefon',
  yes: 'Ja',
  // spec 2 §5, verbatim
  submit: 'indsende',
  next: 'næste',
  back: 'Tilbage',
  sending: 'Sender…',
  noQuestions: 'Der er ingen spørgsmål at besvare.',
  errors: {
    ...intakePersonalMessages,
    answerRequired: (name: string) => `Fejl: ${clientMessages.answerRequired(name)}.`,
    answerNumber: (name: string) => `Fejl: ${clientMessages.answerNumber(name)}.`,
  },
} as const;
