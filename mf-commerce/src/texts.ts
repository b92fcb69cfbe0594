/**
 * mf-commerce's Danish texts. Those spec 3 (and spec 1) quote are verbatim, marked 'spec'; the others are ours (listed
 * in the module's README). Server messages (commerceMessages in @klinik/core) are shown as the server sends them.
 */
import type { TransactionState } from '@klinik/core/commerce';

/** Spec 3 §8: a payment or subscription failure without a message of its own. */
const UNKNOWN_ERROR = 'An error occurred while saving.';

export const texts = {
  planChoice: {
    heading: 'Abonnement', // spec
    intro: 'Vælg det abonnement, der passer til din klinik. Du kan altid skifte senere.',
    freeTitle: '1 måneds gratis prøve', // spec
    freePrice: '0 kr.',
    freePeriod: 'i 1 måned',
    /** Before the trial is chosen: its month runs from the choice. */
    freeEndsIfChosen: (date: string) => `Vælger du den i dag, er den gratis til ${date}.`,
    proTitle: 'Pro',
    proPrice: '149 kr.',
    proPeriod: 'pr. måned ekskl. moms',
    /** What buying Pro does (the old note promised a free month that buying Pro never gave). */
    proChargedNow: 'Den første måned trækkes på dit kort, når du vælger Pro. Derefter trækkes beløbet automatisk hver måned.',
    proAfterTrial: (date: string) =>
      `Din gratis prøveperiode fortsætter. Pro starter ${date}, når den slutter, og først den dag trækkes den første måned på dit kort. Derefter trækkes beløbet automatisk hver måned.`,
    proScheduled: (date: string) => `Pro er bestilt og starter ${date}. Den første måned trækkes på dit kort den dag.`,
    proPaymentWhat: (date: string | null) => `Pro: 149 kr. pr. måned ekskl. moms${date ? `, første gang ${date}` : ''}`,
    orderPro: 'Bestil Pro',
    proExpiredNote: 'Din prøveperiode er udløbet. Vælg Pro for at fortsætte med at bruge Klinik.',
    proCancelled: (date: string) => `Dit Pro abonnement er opsagt og kan bruges til og med ${date}. Vælg det igen for at fortsætte uden ny betaling.`,
    ownerOnly: 'Kun klinikkens administrator kan vælge abonnement. Kontakt din administrator.',
    trialEnds: (date: string) => `Prøveperioden slutter ${date}`,
    started: 'Den gratis prøveperiode er startet',
    unknownError: UNKNOWN_ERROR, // spec
    loadFailed: 'Dine oplysninger kunne ikke hentes.',
    cardsLoading: 'Henter dine gemte kort…',
    features: 'Det får du',
    toCheckout: 'Du sendes videre til betalingssiden…',
  },
  paymentMethod: {
    title: 'Vælg betalingsmetode', // spec
    legend: 'Betal med',
    newCard: 'Betal med et nyt kort',
    newCardHint: 'Du sendes videre til betalingssiden, hvor du indtaster kortets oplysninger.',
    savedCard: (masked: string) => `Gemt kort ${masked}`,
    pay: 'Betal',
    continue: 'Fortsæt til betaling',
    cancel: 'Annuller',
    cardsFailed: 'Dine gemte kort kunne ikke hentes.',
    loading: 'Henter dine gemte kort…',
  },
  paymentReturn: {
    heading: 'Betaling',
    checking: 'Vi henter betalingen hos betalingsudbyderen…',
    successTitle: 'Betalingen er gennemført',
    successBody: (what: string, amount: string) => `Tak! ${what}: ${amount} inkl. moms er betalt.`,
    orderedTitle: 'Pro er bestilt',
    orderedBody: (date: string) => `Tak! Dit kort er gemt, og der er ikke trukket noget. Pro starter ${date}, når prøveperioden slutter, og den første måned trækkes på kortet den dag.`,
    toCalendar: 'Gå til kalenderen',
    waitingTitle: 'Betalingen er ikke bekræftet endnu',
    waitingBody: 'Betalingsudbyderen har ikke bekræftet betalingen endnu. Det tager som regel kun et øjeblik.',
    checkAgain: 'Tjek igen',
    failedTitle: 'Betalingen blev afvist',
    failedBody: 'Der er ikke trukket noget fra dit kort. Prøv igen med et andet kort.',
    tryAgain: 'Prøv igen',
    cancelledTitle: 'Betalingen blev annulleret',
    cancelledBody: 'Der er ikke trukket noget fra dit kort.',
    back: 'Tilbage',
    missingInvoice: 'Vi kan ikke se, hvilken betaling du kommer fra. Se dine betalinger under Transaktioner.',
    toTransactions: 'Se transaktioner',
    loadFailed: 'Betalingen kunne ikke hentes.',
    storageHeading: 'Ekstra lagerplads',
    storageSuccessTitle: 'Der er købt 5 GB ekstra lagerplads',
    importHeading: 'Dataimport',
    importSuccessTitle: 'Dataimport er købt',
    importSuccessBody: 'Upload filerne fra dit tidligere system, så flytter vi dine data over.',
    upload: 'Upload filere', // spec
    toAddOns: 'Til Tilføjelser',
    unknownPage: 'Denne betalingsside findes ikke.',
  },
  addOns: {
    heading: 'Tilføjelser',
    intro: 'Udvid Klinik med det, din klinik har brug for. Priserne er ekskl. moms.',
    list: 'Tilføjelser',
    loadFailed: 'Tilføjelserne kunne ikke hentes.',
    activate: 'Aktiver', // spec
    deactivate: 'Deaktiver', // spec
    buyMore: 'Køb mere', // spec
    unit: (unit: string) => `Enhed: ${unit}`,
    active: 'Aktiv',
    cancelled: 'Opsagt',
    activeUntil: (date: string) => `Kan bruges til og med ${date}`,
    storageBought: (count: number) => `Købt ${count} × 5 GB`,
    proOnly: 'Kan kun benyttes med Pro version', // spec
    activated: 'Klinikken har aktiveret dette modul.',
    ask: {
      storage: 'Kontakt klinikkens administrator, hvis klinikken har brug for mere lagerplads.',
      importdata: 'Kontakt klinikkens administrator for at få dine data flyttet med fra dit tidligere system.',
      drive: 'Kontakt klinikkens administrator for at få backup af billederne til Google Drev.',
      accounting: 'Kontakt klinikkens administrator for at forbinde Klinik med Dinero.',
    },
    deactivateBody: {
      drive: 'Backup til Google Drev opsiges til udgangen af den periode, der er betalt for. Indtil da kører den som nu.',
      accounting: 'Dinero-integrationen slås fra, og forbindelsen til Dinero fjernes.',
    },
    deactivateConfirm: 'Deaktiver',
    keep: 'Annuller',
    what: (name: string, price: string) => `${name}: ${price} ekskl. moms`,
    storageSuccessTitle: 'Der er købt 5 GB ekstra lagerplads',
    storageSuccessBody: (total: string) => `Klinikken har nu ${total} GB lagerplads i alt til klient- og journalbilleder.`,
    close: 'Luk',
  },
  subscription: {
    heading: 'Mit Abonnement',
    cancelAll: 'Opsig alle abonnementer',
    /** Both buttons end the clinic's plan, and with it every subscription the clinic pays for. */
    endsIntro: 'Når klinikkens abonnement opsiges, stopper alle klinikkens abonnementer. Hvert kan bruges til udgangen af den periode, der er betalt for, og der trækkes ikke flere beløb:',
    endsList: 'Abonnementer, der stopper',
    endsAt: (name: string, date: string) => `${name}: kan bruges til og med ${date}`,
    neverStarts: (name: string, date: string) => `${name}: skulle starte ${date}, starter ikke, og der trækkes intet`,
    cancelAllConfirm: 'Opsig alle',
    deactivate: 'Deaktiver', // spec
    deactivateConfirm: 'Opsig abonnementet',
    cancelled: 'Abonnementet er blevet opsagt.', // spec
    cancelError: (message: string) => `Error cancelling Pro Plan: ${message}`, // spec
    keep: 'Annuller',
    buyPro: 'Køb Pro',
    planCard: 'Abonnement',
    addOnsHeading: 'Tilføjelser',
    noAddOns: 'Klinikken har ingen tilføjelser.',
    noPlan: 'Intet abonnement',
    freeTrial: '1 måneds gratis prøve', // spec
    pro: 'Pro',
    perMonth: (amount: string) => `${amount} pr. måned ekskl. moms`,
    trialEnds: (date: string) => `Prøveperioden slutter ${date}`,
    proStarts: (date: string) => `Pro starter ${date}. Den første måned trækkes på dit kort den dag.`,
    activeUntil: (date: string) => `Kan bruges til og med ${date}`,
    nextPayment: (date: string) => `Næste betaling ${date}`,
    settings: (name: string) => `Indstillinger for ${name}`,
    loadFailed: 'Abonnementerne kunne ikke hentes.',
    list: 'Abonnementer',
  },
  subscriptionSettings: {
    back: 'Tilbage til Mit Abonnement',
    loadFailed: 'Abonnementet kunne ikke hentes.',
    plan: 'Abonnement',
    status: 'Status',
    price: 'Pris',
    period: 'Periode',
    periodValue: (from: string, to: string) => `${from} – ${to}`,
    nextPayment: 'Næste betaling',
    none: '–',
    cancelledAt: 'Opsagt',
    transactions: 'Betalinger',
    noTransactions: 'Der er ingen betalinger på dette abonnement endnu.',
    cards: 'Betalingskort',
    cardsLegend: 'Vælg det kort, abonnementet skal trækkes på',
    activeCard: 'Aktivt kort',
    noCards: 'Klinikken har ingen gemte kort.',
    changeOne: 'Brug kortet til dette abonnement',
    allCheckbox: 'Jeg vil bruge det valgte kort til alle klinikkens abonnementer',
    changeAll: 'Brug kortet til alle abonnementer',
    fieldRequired: 'This field is required', // spec
    addCard: 'Tilføj nyt kort',
    chooseCard: 'Vælg et kort først.',
  },
  transactions: {
    heading: 'Transaktioner',
    table: 'Transaktioner',
    date: 'Dato',
    text: 'Beskrivelse',
    exVat: 'Beløb ekskl. moms',
    vat: 'Moms',
    total: 'Beløb i alt',
    status: 'Status',
    card: 'Kort',
    receipt: 'Kvittering',
    download: (text: string, date: string) => `Hent kvittering for ${text} ${date}`,
    downloadFailed: 'Kvitteringen kunne ikke laves. Prøv igen.',
    more: 'Hent flere',
    loadingMore: 'Henter flere transaktioner…',
    empty: 'Der er ingen transaktioner endnu.',
    loadFailed: 'Transaktionerne kunne ikke hentes.',
    month: (label: string, from: string, to: string) => `${label} (${from} – ${to})`,
    allLoaded: 'Alle transaktioner er vist.',
  },
  /** The receipt PDF (spec 3 §9: named TransactionInvoice; these columns). */
  receipt: {
    title: 'Kvittering',
    fileName: 'TransactionInvoice',
    columns: ['Dato', 'Plan', 'Beløb ex vat', 'Beløb vat', 'Beløb', 'Status', 'Kort'] as const, // spec
    transaction: 'Transaktion',
    issuedTo: 'Kunde',
    vatNote: 'Moms udgør 25 % af beløbet ekskl. moms.',
    footer: 'Kvitteringen er lavet af Klinik ud fra betalingsudbyderens oplysninger.',
  },
  /** The transaction states as the pages and the receipt name them. */
  states: {
    settled: 'Gennemført',
    failed: 'Afvist',
    created: 'Oprettet',
    pending: 'Afventer',
    dunning: 'Rykker',
    authorized: 'Godkendt',
    cancelled: 'Annulleret',
  } satisfies Record<TransactionState, string>,
  /** A subscription's own states (the plan card and add-on cards of /Abonnement). */
  subscriptionStates: {
    pending: 'Afventer',
    active: 'Aktiv',
    dunning: 'Betaling mangler',
    cancelled: 'Opsagt',
    expired: 'Udløbet',
    empty: 'Ikke aktiv',
  },
  retry: 'Prøv igen',
  loadingPart: 'Indlæser…',
  partFailed: 'Denne del af siden kunne ikke hentes.',
  unknownError: UNKNOWN_ERROR, // spec
} as const;

/** The 24 features every plan card lists (spec 3, plan choice screen). */
export const PLAN_FEATURES = [
  'Kalender med dag-, uge- og månedsvisning',
  'Manuel booking',
  'Onlinebooking for dine klienter',
  'Bookingside til din egen hjemmeside',
  'Åbningstider og fravær',
  'Kurser og hold med venteliste',
  'Klientkartotek',
  'Journalføring med stamjournal',
  'Egne journalfelter',
  'Billeder i journalen',
  'Klientformular før første besøg',
  'Behandlingsliste med priser',
  'Fakturaer og kreditnotaer',
  'Samlet opgørelse',
  'Faktura sendt på e-mail',
  'SMS-påmindelser (20 gratis pr. bruger pr. måned)',
  'E-mail-påmindelser og opfølgning',
  'Nyhedsbreve',
  'Op til 5 terapeuter',
  'Personligt layout og farver',
  'Dataimport fra dit gamle system',
  'Tilføjelser: lagerplads, regnskab og backup',
  'Fungerer på telefon og tablet',
  'Dansk support',
] as const;
