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
