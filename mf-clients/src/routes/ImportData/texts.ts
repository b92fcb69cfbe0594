/** /Importerdata's and the import-completed screen's Danish texts (the spec's own are in core's importMessages). */
import { importMessages } from '@klinik/core';

export const texts = {
  title: 'Importer data',
  guide: 'Se guide',
  intro: 'Flyt klienter, behandlinger, bookinger og fakturaer med fra dit tidligere system. Eksportér de fem filer derfra (CSV eller Excel), eller pak dem i én zip-fil, og upload dem her.',
  rerun: 'Det, der allerede er importeret, kommer ikke med to gange: du kan roligt importere de samme filer igen efter at have rettet fejl.',
  access: {
    addOnTitle: 'Dataimport er et tilkøb',
    addOn: 'Køb Dataimport under Tilføjelser, så kan du importere med det samme: klienter, behandlinger, bookinger og fakturaer.',
    buy: 'Gå til Tilføjelser',
    askTitle: 'Dataimport',
    ask: importMessages.askOwner,
    ownerOnly: importMessages.ownerOnly,
    loadFailed: 'Det kunne ikke afgøres, om du kan importere.',
  },
  form: {
    heading: 'Filerne fra dit tidligere system',
    files: { client: 'Klienter', treatment: 'Behandlinger', booking: 'Bookinger', invoiceLine: 'Fakturalinjer', invoice: 'Fakturaer', zip: 'Eller én zip-fil med alle fem' } as Record<string, string>,
    choose: 'Vælg fil',
    replace: 'Skift fil',
    remove: (name: string) => `Fjern ${name}`,
    size: (kilobytes: string) => `${kilobytes} KB`,
    percent: (percent: number) => `${percent} %`,
    source: 'Hvor importerer du fra?',
    sourcePlaceholder: 'Vælg system',
    email: 'E-mail til rapporten',
    submit: 'Importer',
    sending: 'Uploader filerne…',
    zipHint: 'Vælger du en zip-fil, skal de fem felter ovenfor være tomme.',
  },
  run: {
    heading: 'Import',
    queued: 'Venter på at gå i gang…',
    reading: (rows: string) => `Læser filerne: ${rows} rækker`,
    writing: (done: string, total: string) => `Importerer: ${done} af ${total}`,
    progressLabel: 'Importens fremskridt',
    counts: 'Importeret',
    kinds: { clients: 'Klienter', treatments: 'Behandlinger', bookings: 'Bookinger', invoices: 'Fakturaer' },
    added: 'Nye',
    existing: 'Fandtes allerede',
    refused: (count: string) => `${count} rækker blev ikke importeret`,
    refusedOne: '1 række blev ikke importeret',
    refusedMore: (count: string) => `… og ${count} mere (se rapporten i din e-mail)`,
    columns: { file: 'Fil', row: 'Række', reason: 'Årsag' },
    allIn: 'Alle rækker blev importeret.',
    nextInvoiceNumber: importMessages.nextInvoiceNumber, // the mail says the same
    mailed: (email: string) => `Rapporten er sendt til ${email}.`,
    loadFailed: 'Importen kunne ikke hentes.',
  },
  completed: {
    none: 'Der er ingen import at vise.',
    back: 'Til Importer data',
    clients: 'Se klienterne',
  },
  supportUploads: {
    title: 'Filer uploadet af supporten',
    intro: 'Filer fra klinikkens gamle system, som supporten har uploadet til importen.',
    none: 'Supporten har ikke uploadet nogen filer endnu.',
    loadFailed: 'Filerne fra supporten kunne ikke hentes.',
    loading: 'Indlæser…',
    uploadedAt: (at: string) => `Uploadet ${at}`,
    size: (kilobytes: string) => `${kilobytes} KB`,
    status: { received: 'Modtaget – klar til import', imported: 'Importeret', failed: 'Importen fejlede' },
    importNow: 'Importer filerne',
  },
} as const;

/** 12345 → '12.345'. */
export const count = (n: number) => new Intl.NumberFormat('da-DK').format(n);
