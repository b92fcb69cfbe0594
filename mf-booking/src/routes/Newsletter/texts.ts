/**
 * /Newsletter's Danish texts (spec 1 lists the route, spec 2 leaves its content open). The answers of the
 * server (the same sign-up answer for every address, the confirmation, the errors) come from @klinik/core's
 * contactMessages through the API and are shown as they are.
 */
export const newsletterTexts = {
  title: 'Nyhedsbreve',
  titleOf: (clinic: string) => `Nyhedsbreve fra ${clinic}`,
  signupIntro: 'Er du klient hos klinikken, kan du få dens nyhedsbreve på e-mail. Skriv den e-mail, klinikken har på dig. Vi sender dig en mail med et link, som bekræfter tilmeldingen.',
  email: 'E-mail',
  signup: 'Tilmeld',
  sending: 'Sender…',
  confirmIntro: 'Bekræft, at du vil have nyhedsbreve fra klinikken på e-mail.',
  confirm: 'Bekræft tilmelding',
  confirming: 'Bekræfter…',
  explain: 'Her kan klienter tilmelde sig en kliniks nyhedsbreve. Brug linket fra din klinik for at tilmelde dig.',
  unsubscribe: 'Vil du ikke længere have nyhedsbreve, så brug linket "Afmeld nyhedsbreve" nederst i et nyhedsbrev fra klinikken.',
} as const;
