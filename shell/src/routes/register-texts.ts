/**
 * The texts of /register (spec 1 §5). Kept beside the page rather than in ../texts.ts, which is part of the login
 * page's first load (budget: 200 KB gzip): only the register page needs them.
 */
export const registerTexts = {
  title: 'Opret din klinik',
  intro: 'Første måned er gratis. Derefter 149 kr. ekskl. moms pr. måned (pris pr. 1. januar 2026).',
  you: 'Dine oplysninger',
  clinic: 'Klinikkens oplysninger',
  nameFirst: 'Fornavn',
  nameLast: 'Efternavn',
  email: 'E-mail (dit brugernavn)',
  phone: 'Telefon',
  password: 'Adgangskode',
  confirmPassword: 'Gentag adgangskode',
  companyName: 'Klinikkens navn',
  cvr: 'CVR-nummer (valgfrit)',
  address: 'Adresse',
  post: 'Postnummer',
  town: 'By',
  companyEmail: 'Klinikkens e-mail',
  companyPhone: 'Klinikkens telefon',
  terms: 'Jeg accepterer handelsbetingelserne og databehandleraftalen',
  newsletter: 'Ja tak, send mig nyhedsbrevet',
  submit: 'Opret klinik',
  submitting: 'Opretter…',
  haveAccount: 'Har du allerede en konto? Log ind',
  errorPrefix: 'Fejl: ',
} as const;
