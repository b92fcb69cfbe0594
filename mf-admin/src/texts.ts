/**
 * mf-admin's Danish texts. The spec gives the page's name ('Companies', kept as the shell's menu says
 * it), the subscriber filters (Tilmeldte, Alle, Trial) and the company actions' answers, which come from
 * @klinik/core's platformMessages (spec 1 §8, verbatim). The rest are ours.
 */
import type { CompanyUserSortColumn, PlanStatus, PlanType, SubscriberFilter } from '@klinik/core';

export const texts = {
  page: {
    title: 'Companies',
    tabsLabel: 'Administration',
    tabs: { companies: 'Virksomheder', subscribers: 'Nyhedsbrev-abonnenter', audit: 'Revisionslog' },
    loading: 'Indlæser…',
    partFailed: 'Denne del af siden kunne ikke hentes.',
    retry: 'Prøv igen',
    cancel: 'Annuller',
    close: 'Luk',
    yes: 'Ja',
    no: 'Nej',
    none: '–',
  },

  companies: {
    tableLabel: 'Virksomheder',
    search: 'Søg efter navn, CVR, e-mail, telefon eller by',
    loadFailed: 'Virksomhederne kunne ikke hentes.',
    empty: 'Der er ingen virksomheder endnu.',
    noMatch: 'Ingen virksomheder passer til søgningen.',
    count: (total: number) => (total === 1 ? '1 virksomhed' : `${total} virksomheder`),
    columns: {
      companyName: 'Firmanavn',
      CVR: 'CVR',
      email: 'E-mail',
      phone: 'Telefon',
      town: 'By',
      post: 'Postnr.',
      users: 'Brugere',
      createdAt: 'Oprettet',
      planType: 'Plan',
      status: 'Status',
      isDisabled: 'Aktiv',
      freeTextsPerMonth: 'Gratis SMS/md.',
    },
    actions: 'Handlinger',
    edit: 'Rediger',
    editOf: (name: string) => `Rediger ${name}`,
    enabledOf: (name: string) => `${name} er aktiv`,
    users: 'Brugere',
    usersOf: (name: string) => `Brugere i ${name}`,
    sms: 'SMS',
    smsOf: (name: string) => `SMS for ${name}`,
    delete: 'Slet',
    deleteOf: (name: string) => `Slet ${name}`,
    plan: { pro: 'Pro', freeTrial: 'Gratis prøve', empty: 'Ingen' } satisfies Record<PlanType, string>,
    status: { active: 'Aktiv', cancelled: 'Opsagt', expired: 'Udløbet', pending: 'Afventer', empty: 'Ingen' } satisfies Record<PlanStatus, string>,
    disabledBadge: 'Deaktiveret',
    /** A clinic that reached its daily SMS cap or mail budget in the last week (a spike worth a look). */
    smsCapBadge: (date: string) => `SMS-loft nået ${date}`,
    mailCapBadge: (date: string) => `Mail-loft nået ${date}`,
    capHint: 'Klinikken nåede sin daglige grænse for beskeder. Se efter, om den sender noget, den ikke burde.',
  },

  toggle: {
    disableTitle: 'Deaktiver virksomheden?',
    enableTitle: 'Aktiver virksomheden?',
    disableBody: (name: string) =>
      `${name} deaktiveres: klinikkens brugere logges ud ved deres næste handling og kan ikke logge ind, klinikken tager ikke imod onlinebookinger, og påmindelser sendes ikke, før den aktiveres igen.`,
    enableBody: (name: string) => `${name} aktiveres igen: klinikkens brugere kan logge ind, og onlinebookingen åbner, hvis klinikken har den slået til.`,
    disable: 'Deaktiver',
    enable: 'Aktiver',
  },

  remove: {
    title: 'Slet virksomheden?',
    body: (name: string) =>
      `${name} slettes med alle dens brugere og data. Det kan ikke fortrydes. Kun udstedte fakturaer og kreditnotaer gemmes i 5 år, som bogføringsloven kræver.`,
    confirm: 'Slet virksomheden',
  },

  edit: {
    title: (name: string) => `Rediger ${name}`,
    companyName: 'Firmanavn',
    CVR: 'CVR',
    address: 'Adresse',
    post: 'Postnummer',
    town: 'By',
    email: 'E-mail',
    phone: 'Telefon',
    contactPersion: 'Kontaktperson',
    freeTextsPerMonth: 'Gratis SMS pr. måned',
    save: 'Gem',
    confirmTitle: 'Gem ændringerne?',
    confirmBody: (name: string) => `Virksomhedens oplysninger og gratis SMS pr. måned gemmes for ${name}.`,
    confirm: 'Gem',
    fixErrors: 'Ret de markerede felter.',
  },

  users: {
    title: (name: string) => `Brugere i ${name}`,
    tableLabel: 'Brugere',
    loadFailed: 'Brugerne kunne ikke hentes.',
    empty: 'Virksomheden har ingen brugere.',
    columns: {
      nameFirst: 'Fornavn',
      nameLast: 'Efternavn',
      email: 'E-mail',
      phone: 'Telefon',
      isAdmin: 'Ejer',
      isActive: 'Aktiv',
      createdAt: 'Oprettet',
    } satisfies Record<CompanyUserSortColumn, string>,
  },

  sms: {
    title: (name: string) => `SMS for ${name}`,
    tableLabel: (year: number) => `SMS i ${year}`,
    loadFailed: 'SMS-tallene kunne ikke hentes.',
    month: 'Måned',
    freeTexts: 'Gratis SMS',
    sentBooking: 'Sendt om bookinger',
    sentCourse: 'Sendt om kurser',
    total: 'I alt',
    months: ['Januar', 'Februar', 'Marts', 'April', 'Maj', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'December'] as const,
  },

  subscribers: {
    filterLabel: 'Vis',
    filters: { subscribed: 'Tilmeldte', all: 'Alle', trial: 'Trial' } satisfies Record<SubscriberFilter, string>,
    tableLabel: 'Nyhedsbrev-abonnenter',
    loadFailed: 'Listen kunne ikke hentes.',
    empty: 'Ingen terapeuter passer til filteret.',
    count: (total: number) => (total === 1 ? '1 terapeut' : `${total} terapeuter`),
    export: 'Eksporter CSV',
    exportFailed: 'CSV-filen kunne ikke laves.',
    fileName: (filter: SubscriberFilter, date: string) => `nyhedsbrev-abonnenter-${filter}-${date}.csv`,
    columns: {
      nameFirst: 'Fornavn',
      nameLast: 'Efternavn',
      email: 'E-mail',
      phone: 'Telefon',
      companyName: 'Klinik',
      newsletter: 'Nyhedsbrev',
      trial: 'Prøveperiode til',
      createdAt: 'Oprettet',
    },
  },

  audit: {
    tableLabel: 'Revisionslog',
    intro: 'Alle administratorhandlinger, nyeste først. Loggen kan ikke ændres.',
    loadFailed: 'Revisionsloggen kunne ikke hentes.',
    empty: 'Loggen er tom.',
    columns: { at: 'Tidspunkt', administrator: 'Administrator', action: 'Handling', company: 'Virksomhed', outcome: 'Udfald', detail: 'Detaljer' },
    outcome: { ok: 'Gennemført', refused: 'Afvist', failed: 'Fejlet' },
    /** The actions an administrator takes, by their names; any other is shown by its name. */
    actions: {
      adminCheck: 'Login',
      getCompaniesSuperadmin: 'Så virksomheder',
      setCompanySuperadmin: 'Redigerede virksomhed',
      getCompanyTherapistsSuperadmin: 'Så brugere',
      getCompanyYTD: 'Så SMS-tal',
      disableCompany: 'Ændrede status',
      deleteCompany: 'Slettede virksomhed',
      adminGetTherapists: 'Så nyhedsbrev-abonnenter',
      getAdminAuditLog: 'Så revisionsloggen',
    } as Readonly<Record<string, string>>,
  },
} as const;
