/** /Importerdata's Danish texts (ours; the status words match the support team's screen). */
export const texts = {
  title: 'Importer data',
  guide: 'Se guide',
  supportUploads: {
    title: 'Filer uploadet af supporten',
    intro: 'Filer fra klinikkens gamle system, som supporten har uploadet til importen.',
    none: 'Supporten har ikke uploadet nogen filer endnu.',
    loadFailed: 'Filerne fra supporten kunne ikke hentes.',
    loading: 'Indlæser…',
    uploadedAt: (at: string) => `Uploadet ${at}`,
    size: (kilobytes: string) => `${kilobytes} KB`,
    status: { received: 'Modtaget – importeres snart', imported: 'Importeret', failed: 'Importen fejlede' },
  },
} as const;
