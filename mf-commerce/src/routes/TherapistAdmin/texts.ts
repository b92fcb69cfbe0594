/**
 * The Danish texts of /AdministrerTerapeut. Those spec 3 quotes are verbatim and marked 'spec'; the others are ours
 * (listed in the module's README). The server's messages (therapistMessages in @klinik/core/therapists) are shown as
 * the server sends them; the ones the page also says itself are taken from there, so both say the same.
 */
import { MAX_THERAPISTS, therapistMessages } from '@klinik/core/therapists';

/** A price in øre as the plan cards show it ('149 kr.'). */
const kroner = (ore: number) => `${ore / 100} kr.`;

export const texts = {
  page: {
    heading: 'Administrer terapeut',
    retry: 'Prøv igen',
    loadingPart: 'Indlæser…',
    partFailed: 'Denne del af siden kunne ikke hentes.',
  },
  list: {
    heading: 'Terapeuter',
    add: 'Tilføj terapeut',
    limitReached: therapistMessages.limitReached,
    search: 'Søg efter navn, e-mail eller telefon',
    name: 'Navn',
    email: 'E-mail',
    phone: 'Telefon',
    occupation: 'Stilling',
    subscription: 'Abonnement',
    status: 'Status',
    actions: 'Handlinger',
    owner: 'Ejer',
    invited: 'Inviteret',
    invitedHint: 'Har ikke valgt adgangskode endnu',
    active: 'AKTIV', // spec
    inactive: 'DEAKTIVER', // spec
    edit: 'Rediger',
    changeStatus: 'Skift status',
    delete: 'Slet',
    empty: 'Der er ingen terapeuter endnu.',
    noMatch: 'Ingen terapeuter passer til søgningen.',
    loadFailed: 'Terapeuterne kunne ikke hentes.',
    count: (count: number) => `${count} af ${MAX_THERAPISTS} terapeuter`,
    deleteBody: (name: string) =>
      `${name} fjernes fra klinikken og kan ikke længere logge ind. Terapeutens klienter, journaler, fakturaer og tidligere bookinger bliver i klinikken.`,
    deleted: therapistMessages.deleted, // spec
    plan: { freeTrial: 'Gratis prøve', pro: 'Pro' } as const,
    until: (date: string) => `til ${date}`,
  },
  form: {
    addTitle: 'Tilføj terapeut',
    editTitle: 'Rediger terapeut',
    nameFirst: 'Fornavn',
    nameLast: 'Efternavn',
    email: 'E-mail',
    phone: 'Telefon',
    occupation: 'Stilling',
    occupationPlaceholder: 'Vælg en eller flere stillinger',
    occupationsFailed: 'Stillingerne kunne ikke hentes.',
    invitation: 'Terapeuten får en e-mail med et link, hvor hun eller han vælger sin adgangskode.',
    add: 'Tilføj',
    save: 'Gem',
    cancel: 'Annuller',
    saveFailed: therapistMessages.saveFailed, // spec
  },
  planChoice: {
    title: (name: string) => `Vælg abonnement for ${name}`,
    intro: 'Terapeuten kan logge ind, når du har valgt et abonnement.',
    freeTitle: '1 måneds gratis prøve', // spec
    freePrice: '0 kr.',
    freePeriod: 'i 1 måned',
    freeChoose: 'Start gratis prøve',
    proTitle: 'Pro',
    proPrice: kroner,
    proPeriod: 'pr. måned ekskl. moms',
    proChoose: 'Vælg Pro',
    later: 'Vælg senere',
    features: [
      'Manuel booking',
      'Kalender',
      'Mobil app',
      'Online booking',
      'Kurser',
      'Åbningstider',
      'Journalføring',
      'Behandlingsliste',
      'Fakturering',
      'E-mail og SMS',
      'Personligt layout',
      'Tilføjelser',
    ],
    featuresLabel: 'Det får terapeuten med Pro',
    paymentWhat: (name: string, priceOre: number) => `Pro for ${name}: ${kroner(priceOre)} pr. måned ekskl. moms`,
  },
  status: {
    title: (name: string) => `Skift status for ${name}`,
    legend: 'Status',
    active: 'Aktiv',
    activeHint: 'Terapeuten får adgang med et Pro abonnement.',
    deactivate: 'Deaktiver',
    deactivateHint: 'Adgangen stopper med det samme, og abonnementet stopper fra næste måned.',
    stopSubscription: 'Stop abonnement',
    stopSubscriptionHint: 'Terapeuten har adgang til udgangen af den nuværende måned.',
    next: 'Fortsæt',
    cancel: 'Annuller',
    confirmDeactivate: (name: string) => `${name} mister adgangen til Klinik med det samme, og abonnementet stopper fra næste måned.`,
    confirmStop: (name: string) => `${name}s abonnement stopper. Terapeuten har adgang til udgangen af den nuværende måned.`,
    activationFailed: therapistMessages.activationFailed, // spec
  },
  returned: {
    settled: 'Betalingen er gennemført. Terapeutens abonnement er opdateret.',
    notSettled: 'Betalingen er ikke gennemført. Terapeutens abonnement er ikke ændret.',
    unknown: 'Du er tilbage fra betalingssiden. Listen viser terapeuternes abonnement, som det er nu.',
  },
  users: {
    heading: 'Brugere',
    create: 'Opret bruger',
    handover: 'Skift administrator', // spec (spec 1 §6: the owner's button in the user tables)
    nameFirst: 'Fornavn',
    nameLast: 'Efternavn',
    email: 'E-mail',
    isAvailable: 'Jeg kan tage nye klienter', // spec (I can take new clients)
    phone: 'Telefon',
    admin: 'Administrator',
    adminYes: 'Administrator',
    onlyOwn: 'Kun terapeuten selv kan ændre dette',
    availableOf: (name: string) => `Jeg kan tage nye klienter: ${name}`,
    loadFailed: 'Brugerne kunne ikke hentes.',
    sortBy: (column: string) => `Sorter efter ${column}`,
  },
  createUser: {
    title: 'Opret bruger',
    nameFirst: 'Fornavn',
    nameLast: 'Efternavn',
    email: 'E-mail',
    phone: 'Telefon',
    password: 'Adgangskode',
    confirmPassword: 'Gentag adgangskode',
    create: 'Opret',
    cancel: 'Annuller',
    usernameHint: 'E-mailen bliver brugerens brugernavn.',
    created: therapistMessages.userCreated, // spec
    failed: (reason: string) => `Fejl: ${reason}`, // spec ('Fejl: …')
  },
  handover: {
    title: 'Skift administrator',
    passwordIntro: 'Indtast din adgangskode for at fortsætte.',
    password: 'Adgangskode',
    chooseIntro: 'Vælg den terapeut, der skal være klinikkens nye administrator.',
    newOwner: 'Ny administrator',
    choosePlaceholder: 'Vælg terapeut',
    noneAvailable: 'Ingen terapeut kan overtage endnu: den nye administrator skal være aktiv og have valgt sin adgangskode.',
    candidatesFailed: 'Terapeuterne kunne ikke hentes.',
    confirmTitle: 'Er du sikker?', // spec
    confirmBody: (name: string) => `${name} bliver klinikkens administrator. Du mister dine administratorrettigheder og bliver logget ud.`,
    next: 'Næste',
    back: 'Tilbage',
    confirm: 'Overdrag',
    cancel: 'Annuller',
    failed: 'An error occurred. Please try again.', // spec
  },
};
