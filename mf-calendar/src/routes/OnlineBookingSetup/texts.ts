/**
 * The texts of /Onlinereservation, apart from the module's other texts so this page's first load stays small;
 * the confirmation-mail tab's (loaded when opened) apart again. 'Prøv igen' comes with @klinik/ui's QueryView.
 */
export const onlineSetupTexts = {
  title: 'Onlinereservation',
  tabGuide: 'Vejledning',
  tabMail: 'Bekræftelsesmail',
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
