/**
 * /Settings' Danish texts (kept here, not in the module's shared texts.ts). 'spec' marks the spec's own words; the
 * field rules' messages are core's (companyProfileInputSchema, logoFileProblem), shared with the server.
 */
import { COMPANY_FIELD_LABELS, companyMessages, invoiceNumberMessages } from '@klinik/core';

export const texts = {
  title: 'Firmaindstillinger', // spec 1 §2 account menu, spec 3 §2
  labels: COMPANY_FIELD_LABELS,
  // ours
  intro: 'Oplysningerne står på dine fakturaer. Firmanavn, adresse, postnummer, by, e-mail, telefon, CVR, reg.nr. og kontonummer skal være udfyldt, før der kan laves fakturaer.',
  readOnly: 'Kun klinikkens administrator kan ændre firmaindstillingerne. Du kan se dem her.',
  loadFailed: 'Firmaoplysningerne kunne ikke hentes.',
  sections: { company: 'Firma', contact: 'Kontakt og adresse', payment: 'Betaling', logo: 'Logo' },
  hints: {
    CVR: 'Højst 8 cifre',
    mobilePay: 'Kun tal, højst 100 cifre',
    regNumber: 'Højst 4 cifre',
    accountNumber: 'Højst 10 cifre',
    dueDays: 'Dage fra fakturadatoen til sidste betalingsdag (0 til 90). Står på fakturaen som forfaldsdato.',
    moms: 'Fakturaer lægger 25 % moms på de behandlinger, der ikke er momsfri, når klinikken er momsregistreret (kan ændres på den enkelte faktura). Nye behandlinger er momsfri, når klinikken ikke er momsregistreret.',
  },
  save: 'Gem',
  saving: 'Gemmer…',
  fixErrors: 'Ret de markerede felter, før du gemmer.',
  backToInvoice: 'Tilbage til fakturaen',
  savedForInvoice: 'Firmaoplysningerne er gemt. Du kan gå tilbage til fakturaen.',
  // 'Næste fakturanummer' (NextInvoiceNumber.tsx); the rule's messages are core's, shared with the server
  nextNumber: {
    title: invoiceNumberMessages.label,
    intro: 'Fakturaer nummereres fortløbende for hvert kalenderår. Fortsætter klinikken efter et andet system, sætter du her det nummer, næste faktura skal have. Nummeret kan kun sættes op, aldrig ned, så intet fakturanummer bruges to gange.',
    next: 'Næste faktura får nummeret',
    label: invoiceNumberMessages.label,
    preview: (number: string) => `Næste faktura får så nummeret ${number}`,
    save: 'Gem næste fakturanummer',
    saving: 'Gemmer…',
    saved: 'Næste fakturanummer er gemt.',
    needsCvr: invoiceNumberMessages.needsCvr,
    readOnly: 'Kun klinikkens administrator kan ændre næste fakturanummer.',
    loading: 'Henter næste fakturanummer…',
    loadFailed: 'Næste fakturanummer kunne ikke hentes.',
    retry: 'Prøv igen',
  },
  logo: {
    choose: 'Upload logo',
    replace: 'Skift logo',
    uploading: 'Uploader…',
    hint: 'JPG, JPEG eller PNG, højst 5 MB.',
    none: 'Klinikken har intet logo endnu.',
    previewTitle: 'Sådan står logoet på fakturaen',
    previewLabel: 'Forhåndsvisning af fakturaens top med logo og firmaoplysninger',
    tooLarge: companyMessages.logoTooLarge, // spec 3 §8
    wrongType: companyMessages.logoType,
    invoiceTitle: 'Faktura',
    cvr: 'CVR',
    phone: 'Tlf.',
  },
} as const;

/** 'Betaling ved booking' (BookingPaymentAccount.tsx): the clinic's own payment account; the server's refusals are core's. */
export const bookingPaymentTexts = {
  title: 'Betaling ved booking',
  intro: 'Klienter kan betale ved online booking med MobilePay og kort. Pengene går direkte til klinikkens egen betalingskonto, aldrig gennem Klinik.',
  loading: 'Henter betalingskontoen…',
  loadFailed: 'Betalingskontoen kunne ikke hentes.',
  retry: 'Prøv igen',
  notConnected: 'Ingen betalingskonto er forbundet. Klienter kan ikke betale ved booking.',
  connected: (provider: 'sandbox' | 'frisbii' | null, since: string) =>
    provider === 'sandbox' ? `Forbundet med testmiljøet (sandkassen) siden ${since}. Der trækkes ingen rigtige penge.` : `Forbundet med klinikkens Frisbii-konto siden ${since}.`,
  ownerOnly: 'Kun klinikkens administrator kan forbinde eller frakoble betalingskontoen.',
  webhookUrl: 'Webhook-adresse til Frisbii',
  webhookHint: 'Indsæt adressen under webhooks i jeres Frisbii-konto, og kopiér webhook-hemmeligheden derfra.',
  connectFrisbii: 'Forbind Frisbii-konto',
  connectSandbox: 'Brug testmiljøet (sandkassen)',
  dialogTitle: 'Forbind Frisbii-konto',
  dialogIntro: 'Nøglen afprøves hos Frisbii, før den gemmes. Den gemmes krypteret og vises aldrig igen.',
  privateKey: 'Privat nøgle',
  privateKeyHint: 'Under Udviklere → API-nøgler i Frisbii (begynder med priv_)',
  webhookSecret: 'Webhook-hemmelighed',
  connect: 'Forbind',
  disconnect: 'Frakobl',
  disconnectTitle: 'Frakobl betalingskontoen?',
  disconnectBody: 'Nye betalinger ved booking stopper. Betalinger, der allerede er gennemført, bliver ved deres bookinger.',
} as const;
