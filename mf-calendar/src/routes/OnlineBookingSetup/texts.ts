/**
 * The texts of /Onlinereservation, apart from the module's other texts so this page's first load stays small;
 * the confirmation-mail tab's (loaded when opened) apart again. 'Prøv igen' comes with @klinik/ui's QueryView.
 */
export const onlineSetupTexts = {
  title: 'Onlinereservation',
  tabGuide: 'Vejledning',
  tabMail: 'Bekræftelsesmail',
  tabHolidays: 'Helligdage',
  toCalendar: 'Gå til kalenderen',
  loading: 'Henter indstillinger…',
  loadFailed: 'Indstillingerne for online booking kunne ikke hentes.',
  formSwitch: 'Bookingformularen er åben for klienter',
  formOn: 'Klienter kan booke tider og kurser online.',
  formOff: 'Formularen er lukket. Klienter ser: »Bookingformular er deaktiveret«.',
  stepsTitle: 'Sådan kommer du i gang',
  steps: [
    'Opret dine behandlinger under Behandlinger (i menuen under dit navn).',
    'Læg dine åbningstider i kalenderen: klienter kan kun booke inden for dem, og aldrig samme dag.',
    'Del linket nedenfor, eller indsæt koden på din egen hjemmeside.',
  ],
  link: 'Link til din bookingside',
  linkHint: 'Send linket til klienter, eller læg det på Facebook og i din mailsignatur.',
  open: 'Åbn bookingsiden',
  embed: 'Kode til din hjemmeside',
  embedHint: 'Indsæt koden der, hvor bookingen skal vises. Den tilpasser sig mobiltelefoner.',
  copy: 'Kopiér',
  copied: 'Kopieret!',
  copyFailed: 'Kunne ikke kopiere. Markér teksten og kopiér den selv.',
  saved: 'Indstillingerne er gemt',
} as const;

export const mailTexts = {
  mailSwitch: 'Send bekræftelsesmail til klienten ved online booking',
  mailText: 'Din tekst i mailen',
  mailTextHint: 'Mailen viser altid tid, behandling, behandler og klinikkens adresse. Din tekst kommer under, fx om afbud eller parkering.',
  save: 'Gem',
  saving: 'Gemmer…',
  tooLong: 'Teksten må højst være 5000 tegn',
} as const;

/** The holidays tab (loaded when opened). The names of the days come from @klinik/core (core/src/holidays.ts). */
export const holidayTexts = {
  intro: 'Vælg de dage, klinikken holder lukket for online booking. Klienter ser ingen ledige tider på en lukket dag. Du kan stadig selv booke tider i kalenderen, hvor dagene også er vist.',
  publicDays: 'Helligdage',
  optionalDays: 'Andre fridage',
  closed: 'Lukket for online booking',
  ownerOnly: 'Kun klinikkens administrator kan ændre, hvilke dage der er lukket.',
  loadFailed: 'Helligdagene kunne ikke hentes.',
  save: 'Gem',
  saving: 'Gemmer…',
} as const;

/** The 'Mine tider' settings (PortalSettings.tsx); the rule's sentence and its limits come from core's portalMessages. */
export const portalSettingsTexts = {
  title: 'Mine tider: klienternes egen side',
  intro: 'Klienter kan selv se, flytte og aflyse deres tider via linket i bekræftelsesmailen eller »Mine tider« på bookingsiden.',
  noticeHours: 'Afbud og flytning senest (timer før tiden)',
  save: 'Gem',
  saving: 'Gemmer…',
  changeMail: 'Send mig en mail, når en klient aflyser eller flytter',
  journalExport: 'Journaler i klientens data',
  journalIncluded: 'Med i data',
  journalOnRequest: 'Efter anmodning',
  ownerOnly: 'Kun klinikkens administrator kan ændre det.',
} as const;
